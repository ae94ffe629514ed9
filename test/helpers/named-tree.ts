// The workspace tree the dashboard's pure logic names ids from (web/src/lib: key scopes, webhook
// filters): one project with two environments, as useWorkspaceTree builds it.
export const namedTree = {
  projects: [
    {
      id: "p1",
      name: "Billing API",
      teamName: "Platform",
      environments: [
        { id: "e1", name: "Production" },
        { id: "e2", name: "Staging" },
      ],
    },
  ],
};

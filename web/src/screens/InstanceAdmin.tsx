// The instance-admin page (issue 36, item 8), for the people who run this Coffer server
// (COFFER_OPERATORS): every workspace of the instance with its plan, members and age, and a plan
// picker per workspace. The API answers 404 to anyone else, so the page says only "not found" then.
// A plan change may ask for the two-factor code (the client's middleware asks for it).
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrapPage } from "coffer/client";
import { useState } from "react";
import { api } from "../api/client.ts";
import { cursorPages } from "../api/cursor-pages.ts";
import { errorMessage, unwrap } from "../api/errors.ts";
import { type Ok, queryKeys } from "../api/queries.ts";
import { Alert, Loading } from "../components/Alert.tsx";
import { Button } from "../components/Button.tsx";
import { type Column, Table } from "../components/Table.tsx";
import { when } from "../components/When.tsx";
import { describePlan } from "../lib/instance.ts";
import "../styles/people.css";

type InstanceWorkspace = Ok<"listInstanceWorkspaces">[number];
type InstancePlan = Ok<"listInstancePlans">[number];

const instanceKey = ["instance"] as const;
const PAGE = 100;

export function InstanceAdmin() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const plans = useQuery({
    queryKey: [...instanceKey, "plans"],
    queryFn: () => unwrap(api.GET("/admin/plans")),
  });
  const workspaces = useInfiniteQuery({
    ...cursorPages,
    queryKey: [...instanceKey, "workspaces"],
    queryFn: ({ pageParam }) =>
      unwrapPage(api.GET("/admin/workspaces", { params: { query: { limit: PAGE, cursor: pageParam } } })),
  });

  async function setPlan(workspace: InstanceWorkspace, plan: string) {
    setNotice(null);
    setFailure(null);
    try {
      await unwrap(
        api.PATCH("/admin/workspaces/{id}", { params: { path: { id: workspace.id } }, body: { plan } }),
      );
      setNotice(`${workspace.name} is now on the ${plan} plan.`);
      await queryClient.invalidateQueries({ queryKey: instanceKey });
      // The switcher and the seat counts of this browser's own workspaces read the plan too.
      await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces() });
    } catch (error) {
      setFailure(`${workspace.name}: ${errorMessage(error)}`);
    }
  }

  if (plans.error || workspaces.error) {
    return <Alert kind="error">{errorMessage(plans.error ?? workspaces.error)}</Alert>;
  }
  if (!plans.data || !workspaces.data) return <Loading />;
  const planList = plans.data;

  const columns: Column<InstanceWorkspace>[] = [
    {
      header: "Workspace",
      cell: (w) => (
        <span>
          <strong>{w.name}</strong>
          <span className="description mono">{w.slug}</span>
        </span>
      ),
    },
    {
      header: "Members",
      cell: (w) => (w.seat_limit === null ? `${w.members}` : `${w.members} of ${w.seat_limit} seats`),
    },
    { header: "Created", cell: (w) => when(w.created_at) },
    {
      header: "Plan",
      cell: (w) => <PlanPicker workspace={w} plans={planList} onChange={(plan) => setPlan(w, plan)} />,
    },
  ];

  return (
    <section aria-labelledby="instance-title" className="people">
      <div className="page-header">
        <div>
          <h1 id="instance-title">Instance</h1>
          <p className="muted">
            Every workspace on this Coffer server. You see this page because your account is one of the
            instance's operators (<code>COFFER_OPERATORS</code>). A plan change is recorded in the workspace's
            audit trail under your account. To put every new workspace on Pro, start the server with{" "}
            <code>COFFER_DEFAULT_PLAN=pro</code>.
          </p>
        </div>
      </div>
      <ul className="plan-summary">
        {planList.map((plan) => (
          <li key={plan.name}>
            <strong>{plan.name}</strong>: {describePlan(plan)}
          </li>
        ))}
      </ul>
      {notice && <Alert kind="success">{notice}</Alert>}
      {failure && <Alert kind="error">{failure}</Alert>}
      <Table
        caption="Workspaces of this instance"
        columns={columns}
        rows={workspaces.data.pages.flatMap((page) => page.items)}
        rowKey={(w) => w.id}
        cards
        empty="No workspaces yet."
      />
      {workspaces.hasNextPage && (
        <Button variant="ghost" onClick={() => void workspaces.fetchNextPage()}>
          Load more
        </Button>
      )}
    </section>
  );
}

function PlanPicker({
  workspace,
  plans,
  onChange,
}: {
  workspace: InstanceWorkspace;
  plans: readonly InstancePlan[];
  onChange: (plan: string) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <select
      aria-label={`Plan of ${workspace.name}`}
      value={workspace.plan}
      disabled={busy}
      onChange={async (event) => {
        setBusy(true);
        try {
          await onChange(event.target.value);
        } finally {
          setBusy(false);
        }
      }}
    >
      {plans.map((plan) => (
        <option key={plan.name} value={plan.name}>
          {plan.name}
        </option>
      ))}
      {!plans.some((plan) => plan.name === workspace.plan) && (
        <option value={workspace.plan}>{workspace.plan} (not configured)</option>
      )}
    </select>
  );
}

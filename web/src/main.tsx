// The dashboard's entry: providers (queries, session) around the router, and the one two-factor
// code prompt of sensitive actions (api/second-factor.ts).
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ApiError, isPlanRequired } from "./api/errors.ts";
import { queryKeys } from "./api/queries.ts";
import { SessionProvider } from "./api/session.tsx";
import { SecondFactorPrompt } from "./components/SecondFactorPrompt.tsx";
import { Unreachable } from "./components/Unreachable.tsx";
import { applyStoredTheme } from "./lib/theme.ts";
import { router } from "./routes.tsx";
import "./styles.css";

applyStoredTheme();

// A workspace's plan changes outside the dashboard (the operator's `npm run admin -- set-plan`): a
// refusal for the plan's sake (402) is the server saying which plan it judges by, so the workspaces
// list (the switcher's plan, the seat limit) is read again then.
const planMayHaveChanged = (error: unknown) => {
  if (isPlanRequired(error)) void queryClient.invalidateQueries({ queryKey: queryKeys.workspaces() });
};

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: planMayHaveChanged }),
  mutationCache: new MutationCache({ onError: planMayHaveChanged }),
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A 4xx will not change by asking again; network hiccups may.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});

// And without any refusal, the list is read again every minute while the page is in view.
queryClient.setQueryDefaults(queryKeys.workspaces(), { refetchInterval: 60_000 });

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <Unreachable />
          <RouterProvider router={router} />
          <SecondFactorPrompt />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

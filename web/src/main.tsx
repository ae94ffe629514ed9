// The dashboard's entry: providers (queries, session) around the router, and the one two-factor
// code prompt of sensitive actions (api/second-factor.ts).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ApiError } from "./api/errors.ts";
import { SessionProvider } from "./api/session.tsx";
import { SecondFactorPrompt } from "./components/SecondFactorPrompt.tsx";
import { Unreachable } from "./components/Unreachable.tsx";
import { applyStoredTheme } from "./lib/theme.ts";
import { router } from "./routes.tsx";
import "./styles.css";

applyStoredTheme();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      // A 4xx will not change by asking again; network hiccups may.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});

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

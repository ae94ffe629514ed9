import { Link } from "@tanstack/react-router";
import { AuthLayout } from "../components/AuthLayout.tsx";

export function NotFound() {
  return (
    <AuthLayout title="Page not found">
      <p>There is nothing at this address.</p>
      <p>
        <Link to="/">Back to Coffer</Link>
      </p>
    </AuthLayout>
  );
}

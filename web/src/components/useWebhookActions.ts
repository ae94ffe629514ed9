// What Admins and Owners do to one webhook, each after a confirmation in the screen's action
// dialog: disable or enable it, delete it, rotate its signing secret (the new one goes to
// `onRotated`, to be shown once); and send it a test event, at once.
import { useQueryClient } from "@tanstack/react-query";
import { api } from "../api/client.ts";
import { unwrap } from "../api/errors.ts";
import { useWrite } from "../api/mutations.ts";
import { type Webhook, webhookKeys, webhookPath } from "../api/webhook-queries.ts";
import { conflictInWords, OVERLAP_CHOICES } from "../lib/webhooks.ts";
import type { useActionDialog } from "./ActionDialog.tsx";
import type { ShownSecret } from "./WebhookDialogs.tsx";

export function useWebhookActions(
  ws: string,
  ask: ReturnType<typeof useActionDialog>["ask"],
  handlers: { onRotated?: (shown: ShownSecret) => void; onDeleted?: () => Promise<unknown> } = {},
) {
  const queryClient = useQueryClient();
  const invalidates = { invalidates: () => [webhookKeys.all(ws)] };
  const update = useWrite(
    ({ hook, enabled }: { hook: Webhook; enabled: boolean }) =>
      unwrap(
        api.PATCH("/workspaces/{workspace_id}/webhooks/{webhook_id}", {
          params: { path: webhookPath(ws, hook.id) },
          body: { enabled },
        }),
      ),
    invalidates,
  );
  const test = useWrite(
    (hook: Webhook) =>
      unwrap(
        api.POST("/workspaces/{workspace_id}/webhooks/{webhook_id}/test", {
          params: { path: webhookPath(ws, hook.id) },
        }),
      ).catch((error: unknown) => {
        throw conflictInWords("test", error);
      }),
    invalidates,
  );

  // No refresh as part of the delete: the webhook's own page would read it once more (a 404)
  // before it is left. The list is refreshed once that page is gone.
  const del = useWrite((hook: Webhook) =>
    unwrap(
      api.DELETE("/workspaces/{workspace_id}/webhooks/{webhook_id}", {
        params: { path: webhookPath(ws, hook.id) },
      }),
    ),
  );
  const rotation = useWrite(
    ({ hook, overlap }: { hook: Webhook; overlap: number | undefined }) =>
      unwrap(
        api.POST("/workspaces/{workspace_id}/webhooks/{webhook_id}/rotate-secret", {
          params: { path: webhookPath(ws, hook.id) },
          body: { overlap_seconds: overlap },
        }),
      ),
    invalidates,
  );

  const toggle = (hook: Webhook) =>
    ask({
      title: hook.enabled ? "Disable this webhook?" : "Enable this webhook?",
      submitLabel: hook.enabled ? "Disable" : "Enable",
      danger: hook.enabled,
      message: hook.enabled
        ? `Nothing is sent to ${hook.url} while it is disabled: events that happen meanwhile are not queued for it, and deliveries already queued wait. Nothing is deleted.`
        : `Deliveries to ${hook.url} resume with what was waiting, and its failure count starts again from zero.`,
      run: () => update.mutateAsync({ hook, enabled: !hook.enabled }),
    });

  const remove = (hook: Webhook) =>
    ask({
      title: "Delete this webhook?",
      submitLabel: "Delete webhook",
      danger: true,
      message: `${hook.url} gets nothing more. Its delivery log goes with it, and deliveries not yet made are dropped. This cannot be undone.`,
      run: async () => {
        await del.mutateAsync(hook);
        // Gone from the list at once, not after the refresh below.
        queryClient.setQueryData<Webhook[]>(webhookKeys.all(ws), (list) =>
          list?.filter((h) => h.id !== hook.id),
        );
        await handlers.onDeleted?.();
        queryClient.removeQueries({ queryKey: webhookKeys.one(ws, hook.id) });
        await queryClient.invalidateQueries({ queryKey: webhookKeys.all(ws) });
      },
    });

  const rotate = (hook: Webhook) =>
    ask({
      title: "Rotate the signing secret?",
      submitLabel: "Rotate secret",
      message:
        "A new secret signs every delivery from now on. For the overlap you choose, the old secret signs " +
        "beside it (a second signature), so the receiver keeps accepting deliveries while you update it.",
      choice: {
        label: "The old secret keeps signing for",
        options: OVERLAP_CHOICES.map((c) => c.label),
        initial: OVERLAP_CHOICES[0]?.label ?? "",
      },
      run: async ({ choice }) => {
        const overlap = OVERLAP_CHOICES.find((c) => c.label === choice)?.seconds;
        const rotated = await rotation.mutateAsync({ hook, overlap });
        handlers.onRotated?.({
          name: rotated.url,
          token: rotated.secret,
          rotation: { previousExpiresAt: rotated.previous_secret_expires_at },
        });
      },
    });

  return { toggle, remove, rotate, test };
}

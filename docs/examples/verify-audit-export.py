#!/usr/bin/env python3
"""Verifies a Coffer audit export (JSON) with nothing but the Python standard library.

    COFFER_AUDIT_KEY=<hex key from GET /workspaces/{id}/audit/verification-key> \
        python3 verify-audit-export.py export.json <workspace_id>

Every entry is checked against its own hmac, and each against the one before it where the export
holds both. An export with a filter (or the dashboard's, which leaves out the items of bulk
operations) has holes: they are counted, not judged; export with `format=json&view=all` and no
filter to check a whole range link by link. Prints "holds: N entries (sequences A to B)" and exits
0, or names the first entry that is not what was recorded, or does not follow from the one before
it, and exits 1. The algorithm is the one in docs/audit.md ("The chain").
"""
import hashlib
import hmac
import json
import os
import sys


def content(workspace_id, e):
    """The bytes an entry's HMAC covers: its fields as a compact JSON array, in this order."""
    actor, chain = e["actor"], e["chain"]
    key = actor.get("key") or {}
    fields = [
        "coffer.audit.v1", workspace_id, chain["sequence"], chain["prev_hmac"], e["id"], e["created_at"],
        e["action"], e["resource_type"], e["resource_id"], e["secret_id"], e["version"], e["project_id"],
        e["environment_id"], e["project_name"], e["environment_name"], e["batch_id"], actor["type"],
        actor["id"], actor["user_id"], actor["name"], key.get("id"), key.get("name"),
        e["ip_address"], e["user_agent"],
        json.dumps(e["details"], separators=(",", ":"), ensure_ascii=False),
    ]
    return json.dumps(fields, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def main():
    path, workspace_id = sys.argv[1], sys.argv[2]
    key = bytes.fromhex(os.environ["COFFER_AUDIT_KEY"])
    with open(path, encoding="utf-8") as f:
        entries = sorted((e for e in json.load(f) if e.get("chain")), key=lambda e: e["chain"]["sequence"])
    previous = None
    holes = 0
    for e in entries:
        chain = e["chain"]
        expected = hmac.new(key, content(workspace_id, e), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(expected, chain["hmac"]):
            print(f"broken at sequence {chain['sequence']} (entry {e['id']}): its content is not what was recorded")
            sys.exit(1)
        if previous is not None:
            if chain["sequence"] == previous["sequence"]:
                print(f"broken at sequence {chain['sequence']}: two entries carry it")
                sys.exit(1)
            if chain["sequence"] == previous["sequence"] + 1 and chain["prev_hmac"] != previous["hmac"]:
                print(f"broken at sequence {chain['sequence']}: it does not link to the entry before it")
                sys.exit(1)
            holes += chain["sequence"] - previous["sequence"] - 1
        previous = chain
    if not entries:
        print("holds: 0 entries")
        return
    first, last = entries[0]["chain"]["sequence"], entries[-1]["chain"]["sequence"]
    print(f"holds: {len(entries)} entries (sequences {first} to {last})")
    if holes:
        print(f"{holes} sequences in that range are not in this export (a filter, or bulk items): not checked")


if __name__ == "__main__":
    main()

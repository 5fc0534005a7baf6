# schemathesis hooks for Meridian's contract fuzz (SCHEMATHESIS_HOOKS=hooks, with this folder on
# PYTHONPATH). MERIDIAN_CONTRACT_ROLE names the caller of this pass: admin, viewer or anonymous.
import os

import schemathesis

RANK = {"anonymous": -1, "public": -1, "viewer": 0, "operator": 1, "admin": 2}
ROLE = os.environ.get("MERIDIAN_CONTRACT_ROLE", "anonymous")


@schemathesis.check
def no_success_below_access(ctx, response, case):
    """No 2xx for a caller whose role is below the operation's x-meridian-access.

    A viewer must not change anything an operator or admin may (a mutating route answers 401/403),
    and a caller without a credential gets nothing but the public operations.
    """
    if case.method.upper() != case.operation.method.upper():
        # The coverage phase also sends other methods (OPTIONS, TRACE): no operation's access
        # applies to them, and OPTIONS answers 204 with Allow to anyone.
        return None
    access = case.operation.definition.raw.get("x-meridian-access")
    if access is None:
        raise AssertionError(f"{case.method} {case.path} has no x-meridian-access")
    if access == "agent":
        # A person's token is no agent credential: no REST caller may succeed here.
        if ROLE != "agent" and 200 <= response.status_code < 300:
            raise AssertionError(f"{ROLE} got {response.status_code} from agent-only {case.method} {case.path}")
        return None
    needed = RANK[access]
    if RANK[ROLE] < needed and 200 <= response.status_code < 300:
        raise AssertionError(
            f"{ROLE} got {response.status_code} from {case.method} {case.path}, which needs {access}"
        )
    return None

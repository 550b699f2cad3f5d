"""Property-based requests from the generated OpenAPI document: no input ever gets a 5xx.

The second test poisons each generated body with what an attacker sent (a NaN or an Infinity,
a lone surrogate, arrays nested past the depth limit) somewhere inside it: every one is a 4xx
with the error shape, on every route.
"""

import json

import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from tests.conftest import TOKEN

HEADERS = {"Authorization": f"Bearer {TOKEN}", "Host": "127.0.0.1:7770"}
schema = schemathesis.pytest.from_fixture("api_schema")


def nested(depth: int) -> list:
    value: list = [0]
    for _ in range(depth - 1):
        value = [value]
    return value


POISON = st.sampled_from([float("nan"), float("inf"), float("-inf"), "\ud800", "x\udfff",
                          "\udc80\ud800", nested(40), nested(900)])


@schema.parametrize()
@settings(max_examples=30, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_no_input_gets_a_5xx(case):
    response = case.call(headers=HEADERS)
    assert response.status_code < 500, (case.method, case.path, response.text[:500])
    if response.status_code >= 400:
        assert set(response.json()["error"]) == {"code", "message", "fields"}


def poisoned(body, poison, path: list[int]):
    """`body` with `poison` put in at a place chosen by `path` (or the whole body replaced)."""
    if not path:
        return poison
    if isinstance(body, dict) and body:
        key = sorted(body)[path[0] % len(body)]
        return {**body, key: poisoned(body[key], poison, path[1:])}
    if isinstance(body, list) and body:
        i = path[0] % len(body)
        return [*body[:i], poisoned(body[i], poison, path[1:]), *body[i + 1:]]
    return {"poison": poison} if isinstance(body, dict) else [poison]


@schema.include(method="POST").parametrize()
@schema.given(poison=POISON, path=st.lists(st.integers(0, 64), min_size=1, max_size=6))
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
def test_nan_surrogates_and_deep_nesting_are_4xx_everywhere(case, poison, path):
    body = poisoned(case.body if case.body is not None else {}, poison, path)
    text = json.dumps(body)          # Python writes NaN, Infinity and "\ud800" as they came
    client = case.operation.app.test_client()
    response = client.post(case.formatted_path, data=text, base_url="http://127.0.0.1:7770",
                           headers={**HEADERS, "Content-Type": "application/json"})
    assert 400 <= response.status_code < 500, (case.path, response.get_data(as_text=True))
    assert response.json["error"]["code"] in ("bad_json", "not_found"), response.json

"""Property-based requests from the generated OpenAPI document: no input ever gets a 5xx."""

import schemathesis
from hypothesis import HealthCheck, settings

from tests.conftest import TOKEN

HEADERS = {"Authorization": f"Bearer {TOKEN}", "Host": "127.0.0.1:7770"}
schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=30, deadline=None,
          suppress_health_check=list(HealthCheck))
def test_no_input_gets_a_5xx(case):
    response = case.call(headers=HEADERS)
    assert response.status_code < 500, (case.method, case.path, response.text[:500])
    if response.status_code >= 400:
        assert set(response.json()["error"]) == {"code", "message", "fields"}

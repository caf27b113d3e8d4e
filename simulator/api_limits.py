"""The rules API's limits, read by the views (:mod:`simulator.api`) and the OpenAPI description."""

MAX_BODY_BYTES = 256 * 1024
MAX_APPLY = 500

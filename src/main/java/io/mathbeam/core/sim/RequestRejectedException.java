package io.mathbeam.core.sim;

/** A request the simulated server answers with an HTTP error (validation, unknown model...). */
final class RequestRejectedException extends Exception {
  private static final long serialVersionUID = 1L;

  final int status;
  final String type;

  RequestRejectedException(int status, String type, String message) {
    super(message, null, false, false);
    this.status = status;
    this.type = type;
  }

  static RequestRejectedException badRequest(String message) {
    return new RequestRejectedException(400, "BadRequestError", message);
  }

  /** A pydantic-style validation failure (type {@code "Bad Request"}, as vLLM 0.10.x sends). */
  static RequestRejectedException validation(String kind, String loc, String msg, String input) {
    String location = loc == null ? "('body',)" : "('body', '" + loc + "')";
    return new RequestRejectedException(
        400,
        "Bad Request",
        "[{'type': '"
            + kind
            + "', 'loc': "
            + location
            + ", 'msg': '"
            + msg
            + "', 'input': "
            + input
            + "}]");
  }
}

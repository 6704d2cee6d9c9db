package io.mathbeam.core.datasets;

/** A file that could not be downloaded; {@link #kind()} says whether trying again can help. */
public final class DownloadException extends Exception {
  /** Why the download failed. */
  public enum Kind {
    /** 404: the URL names no file (a wrong revision or path, or a mirror without it). */
    NOT_FOUND,
    /** 401/403: the file needs a token, or the token's user has not accepted its terms. */
    UNAUTHORIZED,
    /** Anything else, after the retries. */
    FAILED
  }

  private final Kind kind;
  private final String url;

  public DownloadException(Kind kind, String url, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
    this.url = url;
  }

  public Kind kind() {
    return kind;
  }

  public String url() {
    return url;
  }
}

package io.modelgraph.transform.ai;

/**
 * A provider request that failed: {@code status} is the provider's HTTP status, 0 when no status came back
 * (a timeout, a refused connection). The message never holds what was sent.
 */
public final class ProviderFailure extends RuntimeException {
    private final int status;
    private final boolean timeout;

    public ProviderFailure(int status, boolean timeout, String message) {
        super(message, null, false, false);
        this.status = status;
        this.timeout = timeout;
    }

    public static ProviderFailure timedOut() {
        return new ProviderFailure(0, true, "did not answer in time");
    }

    public static ProviderFailure status(int status) {
        return new ProviderFailure(status, false, "answered HTTP " + status);
    }

    public int status() {
        return status;
    }

    public boolean timeout() {
        return timeout;
    }

    /** A 429 (rate limited) or a 5xx is worth one more try; anything else is not. */
    public boolean retryable() {
        return status == 429 || status >= 500;
    }
}

package io.modelgraph.transform.ai;

import java.util.function.Supplier;

/** One retry on a 429 or 5xx, after a short pause; a timeout is not retried (it already used the budget). */
final class OneRetry {
    static final long PAUSE_MILLIS = 250;

    static String call(Supplier<String> attempt) {
        try {
            return attempt.get();
        } catch (ProviderFailure first) {
            if (!first.retryable()) {
                throw first;
            }
            try {
                Thread.sleep(PAUSE_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw first;
            }
            return attempt.get();
        }
    }

    private OneRetry() {
    }
}

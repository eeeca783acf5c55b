package io.modelgraph.graph.store;

import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Reads why DynamoDB cancelled a transaction. Only a failed condition or a conflicting transaction is a concurrent
 * writer (409 or another attempt); a validation error naming the item size is the caller's oversized input, and
 * anything else (throttling) is a fault that reaches the caller as one, never as "deleted meanwhile".
 */
final class Cancellation {
    static boolean conditionFailedAt(TransactionCanceledException e, int index) {
        return e.hasCancellationReasons() && e.cancellationReasons().size() > index
                && "ConditionalCheckFailed".equals(e.cancellationReasons().get(index).code());
    }

    static boolean anyConditionFailed(TransactionCanceledException e) {
        return e.hasCancellationReasons()
                && e.cancellationReasons().stream().anyMatch(r -> "ConditionalCheckFailed".equals(r.code()));
    }

    static boolean contended(TransactionCanceledException e) {
        return e.hasCancellationReasons()
                && e.cancellationReasons().stream().anyMatch(r -> "TransactionConflict".equals(r.code()));
    }

    static boolean tooLarge(TransactionCanceledException e) {
        return e.hasCancellationReasons() && e.cancellationReasons().stream().anyMatch(r -> "ValidationError"
                .equals(r.code()) && r.message() != null && r.message().toLowerCase(java.util.Locale.ROOT)
                .contains("size"));
    }

    private Cancellation() {
    }
}

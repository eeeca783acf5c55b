package io.modelgraph.graph.store;

import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Reads why DynamoDB cancelled a transaction. Only a failed condition or a conflicting transaction is a
 * concurrent writer (409 or another attempt); a validation error (an item over the size cap) is the caller's
 * oversized input, and throttling or anything else is a fault that must reach the caller as one (5xx), never
 * as "deleted meanwhile".
 */
final class Cancellation {
    static boolean conditionFailedAt(TransactionCanceledException e, int index) {
        return e.hasCancellationReasons() && e.cancellationReasons().size() > index
                && "ConditionalCheckFailed".equals(e.cancellationReasons().get(index).code());
    }

    static boolean anyConditionFailed(TransactionCanceledException e) {
        return has(e, "ConditionalCheckFailed");
    }

    static boolean contended(TransactionCanceledException e) {
        return has(e, "TransactionConflict");
    }

    /** An item would exceed the size cap (DynamoDB's ValidationError reason names the item size). */
    static boolean tooLarge(TransactionCanceledException e) {
        return e.hasCancellationReasons() && e.cancellationReasons().stream()
                .anyMatch(r -> "ValidationError".equals(r.code()) && r.message() != null
                        && r.message().toLowerCase(java.util.Locale.ROOT).contains("size"));
    }

    private static boolean has(TransactionCanceledException e, String code) {
        if (!e.hasCancellationReasons()) {
            return false;
        }
        for (CancellationReason r : e.cancellationReasons()) {
            if (code.equals(r.code())) {
                return true;
            }
        }
        return false;
    }

    private Cancellation() {
    }
}

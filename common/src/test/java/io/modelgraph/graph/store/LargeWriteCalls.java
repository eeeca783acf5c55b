package io.modelgraph.graph.store;

import io.modelgraph.store.Tables;
import io.modelgraph.testing.DynamoCall;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The DynamoDB calls of a large write and of its readers that tests watch (docs/graph.md "Large writes"), told
 * apart by their requests as {@link ProjectVersion} makes them.
 */
public final class LargeWriteCalls {
    /** A read of the project's version item, which tells readers which large writes to hide. */
    public static boolean isVersionRead(DynamoCall call) {
        return call.request(GetItemRequest.class).map(r -> {
            AttributeValue sk = r.key().get(Tables.SK);
            return sk != null && ProjectVersion.SK.equals(sk.s());
        }).orElse(false);
    }

    /**
     * The commit of a large write: the one conditional UpdateItem that sets the version and moves the write off
     * {@code open} ({@link ProjectVersion#commit}).
     */
    public static boolean isCommit(DynamoCall call) {
        return call.request(UpdateItemRequest.class).map(r -> r.updateExpression() != null
                && r.updateExpression().startsWith("SET") && r.updateExpression().contains("DELETE")
                && r.conditionExpression() != null).orElse(false);
    }

    private LargeWriteCalls() {
    }
}

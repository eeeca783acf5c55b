package io.modelgraph.testing;

import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * One call a {@link WatchedDynamo} passes on: the {@code DynamoDbClient} method's name (the operation, e.g.
 * {@code getItem}) and its request, built from a builder consumer when the caller gave one, so a test judges both
 * argument shapes the same way. Empty for a method without a request ({@code close}, {@code serviceName}).
 */
public record DynamoCall(String operation, Optional<DynamoDbRequest> request) {
    public boolean is(String name) {
        return operation.equals(name);
    }

    /** The request, when it is a {@code type} (e.g. {@code GetItemRequest.class}, which only getItem takes). */
    public <R extends DynamoDbRequest> Optional<R> request(Class<R> type) {
        return request.filter(type::isInstance).map(type::cast);
    }
}

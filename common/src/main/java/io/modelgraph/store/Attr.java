package io.modelgraph.store;

import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Short names for building and reading DynamoDB attribute values. */
public final class Attr {
    public static AttributeValue s(String value) {
        return AttributeValue.builder().s(value).build();
    }

    public static AttributeValue n(long value) {
        return AttributeValue.builder().n(Long.toString(value)).build();
    }

    public static AttributeValue bool(boolean value) {
        return AttributeValue.builder().bool(value).build();
    }

    public static Optional<String> str(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item.get(name);
        return v == null || v.s() == null ? Optional.empty() : Optional.of(v.s());
    }

    public static long num(Map<String, AttributeValue> item, String name, long defaultValue) {
        AttributeValue v = item.get(name);
        return v == null || v.n() == null ? defaultValue : Long.parseLong(v.n());
    }

    public static boolean flag(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item.get(name);
        return v != null && Boolean.TRUE.equals(v.bool());
    }

    private Attr() {
    }
}

package io.modelgraph.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.ledger.LossEntry;
import java.util.List;
import java.util.Optional;

/** What an operation answers; the router wraps it in the route's envelope. */
public sealed interface Reply {

    /** A /v1 success: {@code data} holds the payload, or is absent when the operation returns nothing. */
    record Data(Optional<Object> data, int status) implements Reply {
    }

    /** A /graph success: payload members beside {@code success}, {@code lossiness} and {@code errors}. */
    record Transform(ObjectNode payload, List<LossEntry> lossiness, int status) implements Reply {
        public Transform {
            lossiness = List.copyOf(lossiness);
        }
    }

    /** A body that is not an envelope, such as an SVG badge. */
    record Raw(int status, String contentType, String body) implements Reply {
    }

    static Reply data(Object data) {
        return new Data(Optional.ofNullable(data), 200);
    }

    static Reply empty() {
        return new Data(Optional.empty(), 200);
    }

    static Reply transform(ObjectNode payload, List<LossEntry> lossiness) {
        return new Transform(payload, lossiness, 200);
    }

    static Reply raw(String contentType, String body) {
        return new Raw(200, contentType, body);
    }
}

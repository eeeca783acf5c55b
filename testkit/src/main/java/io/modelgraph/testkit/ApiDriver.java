package io.modelgraph.testkit;

import io.modelgraph.json.Json;
import java.util.Map;

/**
 * The one way tests call the API: {@code call(method, path, body, as)} gives status, headers and JSON, whichever
 * transport carries it (a handler in process, the local gateway, the packaged jar). A body that is not a string
 * is written as JSON.
 */
public record ApiDriver(Transport transport) {

    public Answer call(String method, String pathAndQuery, Object body, Caller as) {
        return call(method, pathAndQuery, body, as, Map.of());
    }

    /** As {@link #call(String, String, Object, Caller)}, with extra request headers (an Idempotency-Key). */
    public Answer call(String method, String pathAndQuery, Object body, Caller as, Map<String, String> headers) {
        String text = body == null ? null : body instanceof String s ? s : Json.write(body);
        return transport.send(method, pathAndQuery, text, headers, as);
    }
}

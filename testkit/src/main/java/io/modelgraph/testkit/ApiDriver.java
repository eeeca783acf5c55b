package io.modelgraph.testkit;

import io.modelgraph.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The one way tests call the API: {@code call(method, path, body, as)} gives status, headers and JSON, whichever
 * transport carries it (a handler in process, the local gateway, the packaged jar). A body that is not a string
 * is written as JSON; a string or JSON body goes as {@code application/json} unless the headers name another
 * content type; a {@code byte[]} body goes as it is, with only the content type the headers give (the gateway's
 * handling of raw and binary bodies).
 */
public record ApiDriver(Transport transport) {

    public Answer call(String method, String pathAndQuery, Object body, Caller as) {
        return call(method, pathAndQuery, body, as, Map.of());
    }

    /** As {@link #call(String, String, Object, Caller)}, with extra request headers (an Idempotency-Key). */
    public Answer call(String method, String pathAndQuery, Object body, Caller as, Map<String, String> headers) {
        if (body == null || body instanceof byte[]) {
            return transport.send(method, pathAndQuery, (byte[]) body, headers, as);
        }
        String text = body instanceof String s ? s : Json.write(body);
        Map<String, String> sent = new HashMap<>(headers);
        if (headers.keySet().stream().noneMatch("content-type"::equalsIgnoreCase)) {
            sent.put("content-type", "application/json");
        }
        return transport.send(method, pathAndQuery, text.getBytes(StandardCharsets.UTF_8), sent, as);
    }
}

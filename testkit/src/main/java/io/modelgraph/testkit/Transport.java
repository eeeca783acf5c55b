package io.modelgraph.testkit;

import java.util.Map;

/**
 * How a call reaches the service: straight into a handler as API Gateway's event ({@link InProcess}), or over
 * HTTP to the local gateway or the packaged jar ({@link OverHttp}). The same test runs on either.
 */
public sealed interface Transport permits InProcess, OverHttp {

    /**
     * {@code pathAndQuery} starts with {@code /}; {@code body} is the request's bytes, or null for none;
     * {@code headers} are sent as given (the content type among them).
     */
    Answer send(String method, String pathAndQuery, byte[] body, Map<String, String> headers, Caller as);
}

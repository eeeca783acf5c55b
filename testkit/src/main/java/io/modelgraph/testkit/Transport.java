package io.modelgraph.testkit;

import java.util.Map;

/**
 * How a call reaches the service: straight into a handler as API Gateway's event ({@link InProcess}), or over
 * HTTP to the local gateway or the packaged jar ({@link OverHttp}). The same test runs on either.
 */
public sealed interface Transport permits InProcess, OverHttp {

    /** {@code pathAndQuery} starts with {@code /}; {@code body} may be null; {@code headers} are added as given. */
    Answer send(String method, String pathAndQuery, String body, Map<String, String> headers, Caller as);
}

package io.modelgraph.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.time.Duration;
import java.util.Optional;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpFullResponse;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;

/**
 * The SDK HTTP client for DynamoDB: the JDK's {@link HttpURLConnection}, like the SDK's url-connection client
 * (no Netty, no Apache: short cold starts), but with the request body buffered instead of streamed.
 *
 * <p>Why: the JDK probes a kept-alive connection with a read that waits up to 1 ms before it sends a
 * <em>streamed</em> POST on it ({@code sun.net.www.http.HttpClient.available()}), and the SDK's client streams
 * every body it has a length for. Every DynamoDB call is a POST, so each one paid that millisecond: a
 * GetItem on DynamoDB Local took 1.9 ms instead of 0.3 (docs/graph.md "Read caches"). DynamoDB requests are
 * small JSON documents (at most 16 MB for a batch), so holding one in memory costs nothing that matters. Large
 * S3 uploads keep the SDK's streaming client.
 *
 * <p>A failed attempt is retried by the SDK's retry policy, exactly as with its own client; the JDK itself
 * resends a buffered POST once only when a pooled connection turns out closed before the answer.
 */
public final class BufferedBodyHttpClient implements SdkHttpClient {
    private final int connectTimeoutMillis;
    private final int readTimeoutMillis;

    public BufferedBodyHttpClient(Duration connectTimeout, Duration readTimeout) {
        this.connectTimeoutMillis = Math.toIntExact(connectTimeout.toMillis());
        this.readTimeoutMillis = Math.toIntExact(readTimeout.toMillis());
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        return new Call(request.httpRequest(), request.contentStreamProvider());
    }

    @Override
    public String clientName() {
        return "BufferedUrlConnection";
    }

    @Override
    public void close() {
        // connections belong to the JDK's keep-alive cache; nothing is held here
    }

    private final class Call implements ExecutableHttpRequest {
        private final SdkHttpRequest request;
        private final Optional<ContentStreamProvider> body;
        private volatile HttpURLConnection connection;

        Call(SdkHttpRequest request, Optional<ContentStreamProvider> body) {
            this.request = request;
            this.body = body;
        }

        @Override
        public HttpExecuteResponse call() throws IOException {
            HttpURLConnection http = (HttpURLConnection) request.getUri().toURL().openConnection();
            connection = http;
            http.setConnectTimeout(connectTimeoutMillis);
            http.setReadTimeout(readTimeoutMillis);
            http.setInstanceFollowRedirects(false); // the SDK handles redirects and errors itself
            http.setUseCaches(false);
            http.setRequestMethod(request.method().name());
            // Host and Content-Length are set by the JDK from the URL and the buffered body, to the values signed
            request.forEachHeader((name, values) -> {
                if (!name.equalsIgnoreCase("Host") && !name.equalsIgnoreCase("Content-Length")) {
                    values.forEach(value -> http.addRequestProperty(name, value));
                }
            });
            if (body.isPresent() && carriesBody(request.method())) {
                http.setDoOutput(true);
                try (InputStream in = body.get().newStream(); OutputStream out = http.getOutputStream()) {
                    in.transferTo(out);
                }
            }
            int status = http.getResponseCode();
            SdkHttpFullResponse.Builder response = SdkHttpFullResponse.builder()
                    .statusCode(status)
                    .statusText(http.getResponseMessage());
            http.getHeaderFields().forEach((name, values) -> {
                if (name != null) { // the status line
                    response.putHeader(name, values);
                }
            });
            InputStream stream = status >= 400 ? http.getErrorStream() : http.getInputStream();
            return HttpExecuteResponse.builder()
                    .response(response.build())
                    .responseBody(stream == null ? AbortableInputStream.createEmpty()
                            : AbortableInputStream.create(stream, this::abort))
                    .build();
        }

        /** The JDK turns a GET with a body into a POST; DynamoDB only ever POSTs, so only POST and PUT send one. */
        private static boolean carriesBody(SdkHttpMethod method) {
            return method == SdkHttpMethod.POST || method == SdkHttpMethod.PUT;
        }

        @Override
        public void abort() {
            HttpURLConnection http = connection;
            if (http != null) {
                http.disconnect();
            }
        }
    }
}

package io.modelgraph.store;

import io.modelgraph.platform.Services;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * DynamoDB's answers disturbed at the SDK's HTTP layer: for the operations chosen (by the request's
 * {@code X-Amz-Target}), the next attempts are answered by this client instead of DynamoDB Local, with the throttling
 * error or the 500 DynamoDB sends, or answered late (the attempt waits, then reaches DynamoDB Local, unless the SDK
 * gives up on it first); every other attempt, and every attempt after the faults run out, reaches the real
 * DynamoDB Local. The SDK above it (its retries, its error parsing) is the service's own: nothing is mocked above the
 * wire. The client's retries and timeouts are the service's ({@link AwsClients#dynamoOverride}).
 */
public final class HttpFaults implements SdkHttpClient {
    /** What DynamoDB answers instead. */
    public enum Fault {
        THROTTLED(400, "ProvisionedThroughputExceededException", "The level of configured provisioned throughput for "
                + "the table was exceeded."),
        SERVER_ERROR(500, "InternalServerError", "Internal server error"),
        /** No error: the answer comes late, after {@link HttpFaults#slow}'s delay. */
        SLOW(200, "", "");

        final int status;
        final String type;
        final String message;

        Fault(int status, String type, String message) {
            this.status = status;
            this.type = type;
            this.message = message;
        }
    }

    private final SdkHttpClient real = AwsClients.dynamoHttp();
    private volatile Set<String> operations = Set.of();
    private volatile Fault fault = Fault.SERVER_ERROR;
    private volatile Duration delay = Duration.ZERO;
    private final AtomicInteger remaining = new AtomicInteger();
    /** Attempts of the chosen operations, answered or not. */
    public final AtomicInteger attempts = new AtomicInteger();
    public final Services services;

    public HttpFaults() {
        Services shared = TestStores.services();
        DynamoDbClient client = DynamoDbClient.builder()
                .endpointOverride(shared.stores().dynamoEndpoint().orElseThrow())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("x", "y")))
                .httpClient(this)
                .overrideConfiguration(AwsClients.dynamoOverride())
                .build();
        this.services = new Services(shared.stores(), client, shared.s3(), shared.settings(), Clock.systemUTC());
    }

    /** The next {@code times} attempts of {@code ops} (e.g. GetItem, Query) are answered with {@code f}. */
    public HttpFaults fail(Fault f, int times, String... ops) {
        fault = f;
        operations = Set.of(ops);
        attempts.set(0);
        remaining.set(times);
        return this;
    }

    /** The next {@code times} attempts of {@code ops} are answered by DynamoDB Local {@code late}. */
    public HttpFaults slow(Duration late, int times, String... ops) {
        delay = late;
        return fail(Fault.SLOW, times, ops);
    }

    public HttpFaults off() {
        remaining.set(0);
        operations = Set.of();
        return this;
    }

    @Override
    public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
        String target = request.httpRequest().firstMatchingHeader("X-Amz-Target").orElse("");
        String operation = target.substring(target.indexOf('.') + 1);
        if (!operations.contains(operation)) {
            return real.prepareRequest(request);
        }
        attempts.incrementAndGet();
        if (remaining.getAndDecrement() <= 0) {
            return real.prepareRequest(request);
        }
        Fault f = fault;
        if (f == Fault.SLOW) {
            return late(real.prepareRequest(request), delay);
        }
        byte[] body = ("{\"__type\":\"com.amazonaws.dynamodb.v20120810#" + f.type + "\",\"message\":\"" + f.message
                + "\"}").getBytes(StandardCharsets.UTF_8);
        return new ExecutableHttpRequest() {
            @Override
            public HttpExecuteResponse call() {
                return HttpExecuteResponse.builder()
                        .response(SdkHttpResponse.builder().statusCode(f.status)
                                .putHeader("Content-Type", "application/x-amz-json-1.0")
                                .putHeader("x-amzn-RequestId", "injected")
                                .putHeader("Content-Length", Integer.toString(body.length)).build())
                        .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body)))
                        .build();
            }

            @Override
            public void abort() {
            }
        };
    }

    /** {@code answer}, sent after {@code wait}; the SDK's timeout ends the wait by aborting and interrupting it. */
    private static ExecutableHttpRequest late(ExecutableHttpRequest answer, Duration wait) {
        return new ExecutableHttpRequest() {
            private volatile boolean aborted;

            @Override
            public HttpExecuteResponse call() throws IOException {
                long until = System.nanoTime() + wait.toNanos();
                try {
                    while (!aborted && System.nanoTime() < until) {
                        // sleep: time itself: a late answer, which the SDK's call timeout must cut short
                        Thread.sleep(Math.max(1, Math.min(50, (until - System.nanoTime()) / 1_000_000)));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("the late answer was given up");
                }
                if (aborted) {
                    throw new IOException("the late answer was aborted");
                }
                return answer.call();
            }

            @Override
            public void abort() {
                aborted = true;
                answer.abort();
            }
        };
    }

    @Override
    public void close() {
        real.close();
    }
}

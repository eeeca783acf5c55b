package io.modelgraph.integrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.integrations.IntegrationCalls.Result;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import io.modelgraph.store.AwsClients;
import io.modelgraph.store.TestStores;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * S3 unavailable for the capture import, injected at the SDK's HTTP layer: the object writes are answered with S3's
 * 503 instead of reaching S3Proxy, the SDK retries them as it does on AWS, and an import whose snapshot cannot be
 * stored answers the fatal envelope with a tracking code and leaves nothing visible; once S3 answers again within
 * the retries, the import goes through (docs/reliability.md).
 */
class CaptureS3FaultsTest {
    /**
     * The object writes of the next {@code remaining} attempts are answered 503 SlowDown, or, while {@code slow},
     * not answered until the SDK gives them up; everything else is S3's.
     */
    static final class UnavailableS3 implements SdkHttpClient {
        private final SdkHttpClient real = UrlConnectionHttpClient.create();
        final AtomicInteger remaining = new AtomicInteger();
        final AtomicInteger puts = new AtomicInteger();
        volatile boolean slow;

        @Override
        public ExecutableHttpRequest prepareRequest(HttpExecuteRequest request) {
            if (request.httpRequest().method() != SdkHttpMethod.PUT) {
                return real.prepareRequest(request);
            }
            puts.incrementAndGet();
            if (remaining.getAndDecrement() <= 0) {
                return real.prepareRequest(request);
            }
            byte[] body = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>SlowDown</Code><Message>Please "
                    + "reduce your request rate.</Message><RequestId>injected</RequestId></Error>")
                    .getBytes(StandardCharsets.UTF_8);
            if (slow) {
                return new ExecutableHttpRequest() {
                    @Override
                    public HttpExecuteResponse call() throws java.io.IOException {
                        try {
                            // sleep: time itself: an answer later than the SDK's attempt timeout, which interrupts it
                            Thread.sleep(60_000);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        throw new java.io.InterruptedIOException("the late answer was given up");
                    }

                    @Override
                    public void abort() {
                    }
                };
            }
            return new ExecutableHttpRequest() {
                @Override
                public HttpExecuteResponse call() {
                    return HttpExecuteResponse.builder().response(SdkHttpResponse.builder().statusCode(503)
                            .putHeader("Content-Type", "application/xml")
                            .putHeader("Content-Length", Integer.toString(body.length)).build())
                            .responseBody(AbortableInputStream.create(new ByteArrayInputStream(body))).build();
                }

                @Override
                public void abort() {
                }
            };
        }

        @Override
        public void close() {
            real.close();
        }
    }

    private final UnavailableS3 s3Http = new UnavailableS3();
    private final IntegrationCalls calls;

    CaptureS3FaultsTest() {
        Services real = TestStores.services();
        S3Client s3 = S3Client.builder().region(Region.of(real.stores().region()))
                .credentialsProvider(AwsClients.credentials(true))
                .httpClient(s3Http)
                .overrideConfiguration(AwsClients.s3Override())
                .forcePathStyle(true)
                .endpointOverride(real.stores().s3Endpoint().orElseThrow())
                .build();
        calls = new IntegrationCalls(new Services(real.stores(), real.dynamo(), s3, real.settings(),
                Clock.systemUTC()));
    }

    private static String body() {
        return Json.write(Json.object().put("projectName", "study").set("artifacts", Json.object()
                .put("data_dictionary", IntegrationRoutesTest.STUDY)));
    }

    @Test
    void anImportWhoseSnapshotCannotBeStoredIsFatalAndLeavesNothingVisible() {
        s3Http.remaining.set(Integer.MAX_VALUE);
        Result r = calls.call("POST", "/graph/integrations/capture/import/{projectId}", body(), "Admin");
        int puts = s3Http.puts.get();
        s3Http.remaining.set(0);
        assertTrue(r.status() >= 500, r.toString());
        assertTrue(r.firstMessage().matches(".*quote error code MG-[A-Z2-9]{10}\\..*"), r.toString());
        assertFalse(r.text().contains("Exception"), "no exception name: " + r);
        assertTrue(puts > 1 && puts <= 10, "retried a bounded number of times: " + puts + " attempts");
        System.out.println("CaptureS3Faults: import with S3 unavailable: " + puts + " object write attempts");

        Result status = calls.call("GET", "/graph/integrations/capture/status/{projectId}", null, "Viewer");
        assertFalse(status.body().path("imported").asBoolean(true), status.toString());
        assertEquals(0, status.body().path("governedDatasets").asInt(-1), status.toString());
    }

    @Test
    void anImportGoesThroughWhenS3AnswersAgainWithinTheRetries() {
        s3Http.remaining.set(2);
        Result r = calls.call("POST", "/graph/integrations/capture/import/{projectId}", body(), "Admin");
        assertEquals(200, r.status(), r.toString());
        Result status = calls.call("GET", "/graph/integrations/capture/status/{projectId}", null, "Viewer");
        assertTrue(status.body().path("imported").asBoolean(false), status.toString());
        assertTrue(status.body().path("state").path("snapshotStored").asBoolean(false), status.toString());
    }

    @Test
    void anImportWhoseSnapshotIsAnsweredLateIsFatalInTimeAndLeavesNothingVisible() {
        s3Http.slow = true;
        s3Http.remaining.set(Integer.MAX_VALUE);
        long t0 = System.nanoTime();
        Result r = calls.call("POST", "/graph/integrations/capture/import/{projectId}", body(), "Admin");
        long millis = (System.nanoTime() - t0) / 1_000_000;
        int puts = s3Http.puts.get();
        s3Http.remaining.set(0);
        s3Http.slow = false;
        assertTrue(r.status() >= 500, r.toString());
        assertTrue(r.firstMessage().matches(".*quote error code MG-[A-Z2-9]{10}\\..*"), r.toString());
        assertTrue(millis < 25_000, "answered in " + millis + " ms");
        assertTrue(puts >= 1 && puts <= 10, "bounded: " + puts + " object write attempts");
        System.out.println("CaptureS3Faults: import with S3 answering late: " + puts + " attempts, " + millis + " ms");

        Result status = calls.call("GET", "/graph/integrations/capture/status/{projectId}", null, "Viewer");
        assertFalse(status.body().path("imported").asBoolean(true), status.toString());
        assertEquals(0, status.body().path("governedDatasets").asInt(-1), status.toString());
    }
}

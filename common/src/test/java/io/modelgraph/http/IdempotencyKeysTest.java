package io.modelgraph.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.api.Reply;
import io.modelgraph.auth.Role;
import io.modelgraph.store.TestStores;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Idempotency-Key on write routes through the shared pipeline, kept in the real (embedded) DynamoDB graph table:
 * one run per key, the same answer replayed, 422 for another request under the key, 409 while the first runs.
 */
class IdempotencyKeysTest {
    private final String project = TestStores.newProjectId();
    private final AtomicInteger runs = new AtomicInteger();
    private final AtomicReference<CountDownLatch> hold = new AtomicReference<>(new CountDownLatch(0));
    private final CountDownLatch entered = new CountDownLatch(1);
    private final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-11-25T12:00:00Z"));
    private final Clock clock = new Clock() {
        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    };

    private final HttpApiHandler handler = new HttpApiHandler(new Router(java.util.List.of(
            Route.v1("POST", "/v1/{projectId}/things").body("label").role(Role.Editor, call -> {
                int n = runs.incrementAndGet();
                entered.countDown();
                try {
                    hold.get().await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                String label = call.request().body().requiredString("label");
                if (label.equals("bad")) {
                    throw ApiProblem.badRequest("label", "'bad' is not a label.");
                }
                if (label.equals("boom")) {
                    throw new IllegalStateException("a fault of ours");
                }
                return Reply.data(Map.of("label", label, "run", n));
            }),
            Route.v1("GET", "/v1/{projectId}/things").role(Role.Viewer, call -> Reply.data(Map.of("runs",
                    runs.get())))), TestStores.services().authenticator())
            .withIdempotency(new IdempotencyKeys(new io.modelgraph.idempotency.IdempotencyStore(
                    TestStores.services().dynamo(), TestStores.services().stores().graphTable()), clock))) {
    };

    private APIGatewayV2HTTPResponse post(String body, String key, String subject) {
        Map<String, String> headers = new HashMap<>();
        if (key != null) {
            headers.put("idempotency-key", key);
        }
        return handler.handleRequest(TestEvents.event("POST", "/v1/" + project + "/things", "", body, headers,
                TestEvents.claims(subject, project, "Editor")), null);
    }

    @Test
    void theSameKeyAndRequestRunsOnceAndReplaysTheFirstAnswer() {
        APIGatewayV2HTTPResponse first = post("{\"label\":\"a\"}", "k-1", "alice");
        assertEquals(200, first.getStatusCode(), first.getBody());
        APIGatewayV2HTTPResponse again = post("{\"label\":\"a\"}", "k-1", "alice");
        assertEquals(200, again.getStatusCode());
        assertEquals(first.getBody(), again.getBody(), "the first answer, byte for byte");
        assertEquals("true", again.getHeaders().get(IdempotencyKeys.REPLAYED));
        assertNull(first.getHeaders().get(IdempotencyKeys.REPLAYED));
        assertEquals(1, runs.get(), "the operation ran once");
        // without a key every request runs
        post("{\"label\":\"a\"}", null, "alice");
        post("{\"label\":\"a\"}", null, "alice");
        assertEquals(3, runs.get());
    }

    @Test
    void aDifferentRequestUnderTheKeyIs422AndRunsNothing() {
        assertEquals(200, post("{\"label\":\"a\"}", "k-2", "alice").getStatusCode());
        APIGatewayV2HTTPResponse other = post("{\"label\":\"b\"}", "k-2", "alice");
        assertEquals(422, other.getStatusCode(), other.getBody());
        assertTrue(other.getBody().contains("header.Idempotency-Key: The Idempotency-Key 'k-2' was used in the last"
                + " 24 hours for a different request"), other.getBody());
        assertEquals(1, runs.get());
    }

    @Test
    void keysAreScopedToTheCallerAndExpireAfter24Hours() {
        post("{\"label\":\"a\"}", "k-3", "alice");
        APIGatewayV2HTTPResponse bob = post("{\"label\":\"a\"}", "k-3", "bob");
        assertEquals(200, bob.getStatusCode());
        assertNull(bob.getHeaders().get(IdempotencyKeys.REPLAYED), "another caller's key is another key");
        assertEquals(2, runs.get());
        now.set(now.get().plus(Duration.ofHours(24)).plusSeconds(1));
        APIGatewayV2HTTPResponse later = post("{\"label\":\"a\"}", "k-3", "alice");
        assertNull(later.getHeaders().get(IdempotencyKeys.REPLAYED), "an expired key runs again");
        assertEquals(3, runs.get());
    }

    @Test
    void whileTheFirstRunsTheSameRequestIs409ThenReplays() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        hold.set(release);
        CompletableFuture<APIGatewayV2HTTPResponse> first = CompletableFuture.supplyAsync(() ->
                post("{\"label\":\"slow\"}", "k-4", "alice"));
        assertTrue(entered.await(10, TimeUnit.SECONDS), "the first request is running");
        assertEquals(1, runs.get());
        APIGatewayV2HTTPResponse meanwhile = post("{\"label\":\"slow\"}", "k-4", "alice");
        assertEquals(409, meanwhile.getStatusCode(), meanwhile.getBody());
        assertTrue(meanwhile.getBody().contains("is still running"), meanwhile.getBody());
        release.countDown();
        hold.set(new CountDownLatch(0));
        APIGatewayV2HTTPResponse done = first.get(20, TimeUnit.SECONDS);
        APIGatewayV2HTTPResponse after = post("{\"label\":\"slow\"}", "k-4", "alice");
        assertEquals(done.getBody(), after.getBody());
        assertEquals(1, runs.get());
    }

    @Test
    void logicalErrorsReplayAndFaultsReleaseTheKey() {
        APIGatewayV2HTTPResponse bad = post("{\"label\":\"bad\"}", "k-5", "alice");
        assertEquals(400, bad.getStatusCode());
        assertEquals(bad.getBody(), post("{\"label\":\"bad\"}", "k-5", "alice").getBody());
        assertEquals(1, runs.get(), "the caller's mistake is the answer for that key");
        APIGatewayV2HTTPResponse boom = post("{\"label\":\"boom\"}", "k-6", "alice");
        assertEquals(500, boom.getStatusCode());
        post("{\"label\":\"boom\"}", "k-6", "alice");
        assertEquals(3, runs.get(), "a fault of ours leaves the key free for a retry");
    }

    @Test
    void malformedKeysAre400AndReadsIgnoreTheHeader() {
        for (String key : new String[] {"", "has space", "x".repeat(256), "caf\u00e9"}) {
            APIGatewayV2HTTPResponse r = post("{\"label\":\"a\"}", key, "alice");
            assertEquals(400, r.getStatusCode(), key + ": " + r.getBody());
            assertTrue(r.getBody().contains("Idempotency-Key header must be 1-255 visible ASCII"), r.getBody());
        }
        assertEquals(0, runs.get());
        assertEquals("k-7", IdempotencyKeys.key("\"k-7\""), "the structured-field quoted form");
        APIGatewayV2HTTPResponse read = handler.handleRequest(TestEvents.event("GET", "/v1/" + project + "/things",
                "", null, Map.of("idempotency-key", "k-8"), TestEvents.claims("alice", project, "Viewer")), null);
        assertEquals(200, read.getStatusCode());
        assertFalse(read.getHeaders().containsKey(IdempotencyKeys.REPLAYED));
    }
}

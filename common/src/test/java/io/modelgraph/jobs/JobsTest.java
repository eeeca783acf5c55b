package io.modelgraph.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.api.ApiProblem;
import io.modelgraph.api.EnvelopeStyle;
import io.modelgraph.api.Reply;
import io.modelgraph.auth.Role;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.http.ApiRequest;
import io.modelgraph.http.Route;
import io.modelgraph.http.Router;
import io.modelgraph.http.StoredRequests;
import io.modelgraph.http.TestEvents;
import io.modelgraph.json.Json;
import io.modelgraph.platform.Services;
import io.modelgraph.store.Attr;
import io.modelgraph.store.BlobStore;
import io.modelgraph.store.Tables;
import io.modelgraph.store.TestStores;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The write budget, the job store and the router's deferral on the real embedded DynamoDB Local and S3 server:
 * a change set too large for the request's time is answered 202 and nothing runs inline; the run replays the
 * stored request and keeps exactly the envelope the synchronous call answers; a job is taken once.
 */
class JobsTest {
    /** 3 units/s with the safety factor 3: a 29 s request (25 s usable) writes at most 25 units inline. */
    static final WriteRate SLOW = new WriteRate(3, 3);

    private final Services services = TestStores.services();
    private final JobStore store = new JobStore(services.dynamo(), services.stores().graphTable(),
            () -> new BlobStore(services.s3(), services.stores().bucket()), Clock.systemUTC());

    static GraphChanges units(int n) {
        return new GraphChanges(List.of(), List.of(), List.of(),
                IntStream.range(0, n).mapToObj(i -> "n" + i).toList(), List.of());
    }

    @Test
    void aRequestDefersWhatDoesNotFitAndAJobRefusesOnlyWhatTheMeasuredRateCannotWrite() {
        WriteBudget request = WriteBudget.request(29_000, SLOW);
        request.admit(units(20));
        WriteDeferred deferred = assertThrows(WriteDeferred.class, () -> request.admit(units(40)));
        assertEquals(40, deferred.units());
        assertEquals(40_000, deferred.neededMillis());
        // a job of 900 s at the measured 3 units/s (no safety factor: it has nowhere else to go)
        WriteBudget job = WriteBudget.job(900_000, SLOW);
        job.admit(units(2_000));
        ApiProblem refused = assertThrows(ApiProblem.class, () -> job.admit(units(3_000)));
        assertEquals(413, refused.status());
        assertTrue(refused.getMessage().contains("3000 changes"), refused.getMessage());
        WriteBudget.unbounded().admit(units(100_000));
        assertEquals(25, SLOW.unitsWithin(25_000));
        assertEquals(SLOW, WriteRate.from(Map.of(WriteRate.ENV, "3")));
        // after decoding: judged at the rate itself (no safety factor); a job never defers
        request.admitDecoded(60);
        assertEquals(90, assertThrows(WriteDeferred.class, () -> request.admitDecoded(90)).units());
        job.admitDecoded(1_000_000);
        // bulkCreate has its own rate; the override sets every kind's
        WriteRate measured = WriteRate.measured();
        assertTrue(measured.unitsPerSecond(WriteKind.BULK_CREATE) > measured.unitsPerSecond(WriteKind.CHANGE_SET));
        WriteBudget.request(29_000, measured).admit(WriteKind.BULK_CREATE, 8_000);
        assertThrows(WriteDeferred.class, () -> WriteBudget.request(29_000, measured).admit(WriteKind.CHANGE_SET,
                8_000));
        assertEquals(3, WriteRate.from(Map.of(WriteRate.ENV, "3")).unitsPerSecond(WriteKind.BULK_CREATE));
        assertEquals(WriteRate.measured(), WriteRate.from(Map.of()));
    }

    @Test
    void aStoredRequestReplaysWithoutItsCredentials() {
        String project = TestStores.newProjectId();
        Map<String, String> headers = Map.of("Authorization", "Bearer secret-token", "X-Trace", "t1");
        APIGatewayV2HTTPEvent event = TestEvents.event("POST", "/v1/" + project + "/things", "a=1&a=2&b=%C3%A9",
                "{\"label\":\"é\"}", headers, TestEvents.claims("alice", project, "Admin"));
        ApiRequest original = ApiRequest.from(event);
        byte[] stored = StoredRequests.write(original);
        String text = new String(stored, StandardCharsets.UTF_8);
        assertFalse(text.contains("secret-token"), text);
        ApiRequest replay = ApiRequest.from(StoredRequests.read(stored));
        assertEquals(original.method(), replay.method());
        assertEquals(original.path(), replay.path());
        assertEquals(List.of("1", "2"), replay.query().all("a"));
        assertEquals("é", replay.queryString("b").orElseThrow());
        assertEquals("{\"label\":\"é\"}", replay.bodyText());
        assertEquals(Optional.of("t1"), replay.headers().get("x-trace"));
        assertFalse(replay.jwtClaims().containsKey("exp"), "authority checked at acceptance, not again");
        assertEquals("alice", replay.jwtClaims().get("sub"));
    }

    @Test
    void aJobIsTakenOnceAndADeadRunMayBeTakenOverAfterItsTime() {
        String project = TestStores.newProjectId();
        Instant now = Instant.now();
        JobRecord job = new JobRecord(project, "job1", "POST /x", EnvelopeStyle.V1, Role.Admin, "alice",
                JobState.queued, 40, 0, now, now, Optional.empty(), Optional.empty());
        store.create(job, "{}".getBytes(StandardCharsets.UTF_8));
        // already dead by the time it is taken (runUntil in the past), so a second taker may take it over
        JobRecord first = store.claim(project, "job1", now.minusSeconds(1)).orElseThrow();
        assertEquals(JobState.running, first.state());
        assertEquals(1, first.attempts());
        JobRecord second = store.claim(project, "job1", now.plus(Duration.ofMinutes(16))).orElseThrow();
        assertEquals(2, second.attempts());
        assertTrue(store.claim(project, "job1", now.plus(Duration.ofMinutes(16))).isEmpty(), "a live run is not shared");
        store.finish(project, "job1", 200, "{\"success\":true}");
        assertTrue(store.claim(project, "job1", now.minusSeconds(1)).isEmpty(), "a done job never runs again");
        JobRecord done = store.get(project, "job1").orElseThrow();
        assertEquals(Optional.of(200), done.status());
        assertEquals(Optional.of("{\"success\":true}"), store.result(project, "job1"));
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item = services.dynamo().getItem(b -> b
                .tableName(services.stores().graphTable()).key(Map.of(Tables.PK, Attr.s(JobStore.PK_PREFIX + project),
                        Tables.SK, Attr.s("job1")))).item();
        long expires = Long.parseLong(item.get(Tables.TTL).n());
        assertTrue(Math.abs(expires - Instant.now().plus(JobStore.KEPT).getEpochSecond()) < 120, item.toString());
    }

    @Test
    void aWriteTooLargeForItsRequestIsAnswered202AndItsJobAnswersTheSynchronousEnvelope() throws Exception {
        String project = TestStores.newProjectId();
        AtomicInteger written = new AtomicInteger();
        List<Route> routes = new ArrayList<>();
        routes.add(Route.v1("POST", "/v1/{projectId}/write").body("n").role(Role.Editor, call -> {
            int n = call.request().body().node().path("n").asInt();
            call.budget().admit(units(n));
            written.addAndGet(n);
            return Reply.data(Map.of("wrote", n));
        }));
        List<String> launched = new ArrayList<>();
        Jobs jobs = new Jobs(store, (p, j) -> launched.add(j));
        routes.add(JobRoutes.v1(jobs));
        Router plain = new Router(routes, services.authenticator()).withRate(SLOW);
        Router router = plain.withJobs(jobs);
        APIGatewayV2HTTPEvent large = TestEvents.event("POST", "/v1/" + project + "/write", "", "{\"n\":40}",
                Map.of(), TestEvents.claims("alice", project, "Editor"));

        APIGatewayV2HTTPResponse accepted = router.dispatch(ApiRequest.from(large), WriteBudget.request(29_000, SLOW));
        assertEquals(202, accepted.getStatusCode(), accepted.getBody());
        assertEquals(0, written.get(), "nothing ran inline");
        JsonNode data = Json.parse(accepted.getBody()).path("data");
        String jobId = data.path("jobId").asText();
        assertEquals(List.of(jobId), launched);
        assertEquals("/v1/" + project + "/jobs/" + jobId, accepted.getHeaders().get("Location"));

        // without jobs the same write is refused, nothing written
        APIGatewayV2HTTPResponse refused = plain.dispatch(ApiRequest.from(large), WriteBudget.request(29_000, SLOW));
        assertEquals(413, refused.getStatusCode(), refused.getBody());
        assertEquals(0, written.get());

        // a job that cannot be started is our fault: the envelope's 500 with a tracking code, nothing written
        Router broken = plain.withJobs(new Jobs(store, (p, j) -> {
            throw new IllegalStateException("Lambda unreachable");
        }));
        APIGatewayV2HTTPResponse fatal = broken.dispatch(ApiRequest.from(large), WriteBudget.request(29_000, SLOW));
        assertEquals(500, fatal.getStatusCode(), fatal.getBody());
        assertTrue(Json.parse(fatal.getBody()).path("error").path("isFatal").asBoolean(), fatal.getBody());
        assertEquals(0, written.get());

        JobRecord done = jobs.run(project, jobId, r -> router.dispatch(r, WriteBudget.job(900_000, SLOW)))
                .orElseThrow();
        assertEquals(40, written.get());
        assertEquals(JobState.done, done.state());
        assertTrue(jobs.run(project, jobId, r -> router.dispatch(r, WriteBudget.job(900_000, SLOW))).isEmpty(),
                "a duplicate launch does not write again");
        assertEquals(40, written.get());

        APIGatewayV2HTTPResponse sync = plain.dispatch(ApiRequest.from(large), WriteBudget.unbounded());
        APIGatewayV2HTTPEvent status = TestEvents.event("GET", "/v1/" + project + "/jobs/" + jobId, "", null,
                Map.of(), TestEvents.claims("alice", project, "Editor"));
        JsonNode shown = Json.parse(router.dispatch(ApiRequest.from(status)).getBody()).path("data");
        assertEquals("done", shown.path("state").asText());
        assertEquals(sync.getStatusCode(), shown.path("statusCode").asInt());
        assertEquals(Json.parse(sync.getBody()), shown.path("result"));

        APIGatewayV2HTTPEvent viewer = TestEvents.event("GET", "/v1/" + project + "/jobs/" + jobId, "", null,
                Map.of(), TestEvents.claims("bob", project, "Viewer"));
        assertEquals(401, router.dispatch(ApiRequest.from(viewer)).getStatusCode(), "the write's role, Editor");
    }
}

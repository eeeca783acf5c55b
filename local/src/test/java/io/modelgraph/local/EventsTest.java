package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.events.SimpleIAMPolicyResponse;
import io.modelgraph.auth.Authenticator;
import io.modelgraph.authorizer.ApiKeyAuthorizerHandler;
import io.modelgraph.http.Route;
import io.modelgraph.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Each sample event in {@code events/} invoked in-process on its handler, as {@code sam local invoke -e}
 * would, on the embedded stores. A group whose sample route is not written yet answers its 404 logical
 * error, still in the envelope; once the route lands the same event must answer neither 401, 404 nor 5xx.
 */
class EventsTest {
    static final Path EVENTS = Path.of(System.getProperty("user.dir")).resolveSibling("events");

    @Test
    void thereIsOneSampleEventPerRouteGroupAndOneForTheAuthorizer() throws IOException {
        Set<String> names;
        try (Stream<Path> files = Files.list(EVENTS)) {
            names = files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> expected = new TreeSet<>(List.of("authorizer.json"));
        TestStack.server().groups().stream().filter(g -> !g.name().equals("probe"))
                .forEach(g -> expected.add(g.name() + ".json"));
        // the job routes' samples, one per surface that runs jobs
        expected.addAll(JOB_SAMPLES);
        assertEquals(expected, names);
    }

    static final List<String> JOB_SAMPLES = List.of("exchange-job.json", "transform-job.json",
            "integrations-job.json");

    /** A job route's sample names a job that does not exist: the route answers its logical 404, naming the id. */
    @TestFactory
    List<DynamicTest> eachJobRouteSampleAnswersItsNotFoundInTheEnvelope() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String sample : JOB_SAMPLES) {
            tests.add(DynamicTest.dynamicTest(sample, () -> {
                String groupName = sample.substring(0, sample.indexOf('-'));
                RouteGroup group = TestStack.server().groups().stream().filter(g -> g.name().equals(groupName))
                        .findFirst().orElseThrow();
                APIGatewayV2HTTPEvent event = Json.MAPPER.readValue(EVENTS.resolve(sample).toFile(),
                        APIGatewayV2HTTPEvent.class);
                assertTrue(group.routes().stream().map(Route::routeKey).anyMatch(event.getRouteKey()::equals),
                        event.getRouteKey());
                APIGatewayV2HTTPResponse response = group.handler().handleRequest(event,
                        new LocalContext(event.getRequestContext().getRequestId(), LocalGateway.functionName(group)));
                assertEquals(404, response.getStatusCode(), response.getBody());
                assertTrue(response.getBody().contains(event.getPathParameters().get("jobId")), response.getBody());
            }));
        }
        return tests;
    }

    @TestFactory
    List<DynamicTest> eachRouteGroupEventAnswersAnEnvelope() {
        List<DynamicTest> tests = new ArrayList<>();
        for (RouteGroup group : RouteGroup.all(TestStack.server().services())) {
            tests.add(DynamicTest.dynamicTest(group.name() + ".json", () -> invoke(group)));
        }
        return tests;
    }

    private static void invoke(RouteGroup group) throws IOException {
        APIGatewayV2HTTPEvent event = Json.MAPPER.readValue(EVENTS.resolve(group.name() + ".json").toFile(),
                APIGatewayV2HTTPEvent.class);
        assertEquals("2.0", event.getVersion());
        assertEquals(event.getRouteKey(), event.getRequestContext().getRouteKey());
        assertEquals(event.getRawPath(), event.getRequestContext().getHttp().getPath());

        APIGatewayV2HTTPResponse response = group.handler().handleRequest(event,
                new LocalContext(event.getRequestContext().getRequestId(), LocalGateway.functionName(group)));
        TestStack.Answer answer = new TestStack.Answer(response.getStatusCode(),
                response.getHeaders().getOrDefault("Content-Type", ""), response.getBody());
        if (event.getRawPath().startsWith("/graph/")) {
            TestStack.assertTransformEnvelope(answer);
        } else {
            TestStack.assertV1Envelope(answer);
        }
        boolean routeExists = group.routes().stream().map(Route::routeKey).anyMatch(event.getRouteKey()::equals);
        if (routeExists) {
            assertNotEquals(401, answer.status(), answer.body());
            assertNotEquals(404, answer.status(), answer.body());
            assertTrue(answer.status() < 500, answer.body());
        } else {
            // not written yet: the handler's own logical 404, in the envelope
            assertEquals(404, answer.status(), answer.body());
        }
    }

    @Test
    void theGraphSampleListsTheProjectsApiKeys() throws IOException {
        RouteGroup graph = RouteGroup.all(TestStack.server().services()).get(0);
        APIGatewayV2HTTPEvent event = Json.MAPPER.readValue(EVENTS.resolve("graph.json").toFile(),
                APIGatewayV2HTTPEvent.class);
        APIGatewayV2HTTPResponse response = graph.handler().handleRequest(event, null);
        assertEquals(200, response.getStatusCode(), response.getBody());
        assertTrue(Json.parse(response.getBody()).path("data").isArray(), response.getBody());
    }

    @Test
    void theAuthorizerEventIsDecidedWithTheVerdictInTheContext() throws IOException {
        APIGatewayV2CustomAuthorizerEvent event = Json.MAPPER.readValue(EVENTS.resolve("authorizer.json").toFile(),
                APIGatewayV2CustomAuthorizerEvent.class);
        assertEquals("REQUEST", event.getType());
        SimpleIAMPolicyResponse response = new ApiKeyAuthorizerHandler(TestStack.server().services())
                .handleRequest(event, new LocalContext("Qk1aGhJXoAMEVY0=", "AuthorizerFunction"));
        assertTrue(response.getIsAuthorized());
        String denied = response.getContext().get(Authenticator.CTX_DENIED);
        assertFalse(denied == null || denied.isBlank(), response.getContext().toString());
        assertTrue(denied.contains("not valid"), denied);
    }
}

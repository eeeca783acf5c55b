package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelgraph.auth.Role;
import io.modelgraph.json.Json;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The figure: an import of 100,000 definitions (the decoders' cap) through the local gateway at the
 * measured write rate is answered 202, completes as a job and reads back whole. Minutes on DynamoDB Local, so
 * in the {@code large} profile: {@code ./mvnw -B -ntp -pl local -am test -Plarge}. Prints its figures.
 */
@Tag("large")
class LargeImportJobTest {
    static final int DEFINITIONS = 100_000;

    @Test
    void anImportOfOneHundredThousandDefinitionsCompletesAsAJobAndReadsBackWhole() throws Exception {
        try (LocalServer server = LocalServer.start(new LocalServer.Options(0, true,
                Files.createTempDirectory("modelgraph-large"), false), Map.of(),
                new PrintStream(PrintStream.nullOutputStream()))) {
            String project = JobsGatewayTest.project();
            String admin = JobsGatewayTest.token(server, project, Role.Admin);
            ObjectNode defs = Json.object();
            // every 1,000th carries a description, checked on the way back (all of them would pass the 5 MB cap)
            for (int i = 0; i < DEFINITIONS; i++) {
                ObjectNode def = defs.putObject(String.format(Locale.ROOT, "T%06d", i)).put("type", "object");
                if (i % 1_000 == 0) {
                    def.put("description", "definition " + i);
                }
            }
            ObjectNode schema = Json.object().put("$schema", "https://json-schema.org/draft/2020-12/schema");
            schema.set("$defs", defs);
            String body = Json.write(Map.of("format", "jsonschema", "schema", schema));
            System.out.printf(Locale.ROOT, "large import: %,d definitions, request body %,d bytes%n", DEFINITIONS,
                    body.length());

            Instant t0 = Instant.now();
            JobsGatewayTest.Reply accepted = JobsGatewayTest.send(server, "POST", "/graph/transform/schema/import/"
                    + project, admin, body);
            Instant t1 = Instant.now();
            assertEquals(202, accepted.status(), accepted.body());
            JsonNode job = accepted.json().path("job");
            int units = job.path("changes").asInt();
            System.out.printf(Locale.ROOT, "large import: answered 202 in %.1f s; %,d change units -> job %s%n",
                    Duration.between(t0, t1).toMillis() / 1000.0, units, job.path("jobId").asText());

            JsonNode done = awaitDone(server, job.path("statusUrl").asText(), admin, Duration.ofMinutes(45));
            Instant t2 = Instant.now();
            assertEquals(200, done.path("statusCode").asInt(), done.toString());
            JsonNode result = done.path("result");
            assertEquals(DEFINITIONS, result.path("summary").path("types").asInt(), result.toString());
            System.out.printf(Locale.ROOT, "large import: job done in %.1f s (%,.0f change units/s end to end)%n",
                    Duration.between(t1, t2).toMillis() / 1000.0, units / (Duration.between(t1, t2).toMillis()
                            / 1000.0));

            JobsGatewayTest.Reply exported = JobsGatewayTest.send(server, "POST", "/graph/transform/schema/export/"
                    + project, JobsGatewayTest.token(server, project, Role.Viewer), Json.write(Map.of("format",
                            "jsonschema")), Duration.ofMinutes(10));
            assertEquals(200, exported.status(), exported.body().substring(0, Math.min(500, exported.body().length())));
            JsonNode back = Json.parse(exported.json().path("schema").asText());
            JsonNode backDefs = back.path("$defs");
            assertEquals(DEFINITIONS, backDefs.size());
            for (int i = 0; i < DEFINITIONS; i++) {
                String name = String.format(Locale.ROOT, "T%06d", i);
                assertTrue(backDefs.has(name), name);
                if (i % 1_000 == 0) {
                    assertEquals("definition " + i, backDefs.path(name).path("description").asText(), name);
                }
            }
            System.out.printf(Locale.ROOT, "large import: exported back whole (%,d definitions) in %.1f s%n",
                    backDefs.size(), Duration.between(t2, Instant.now()).toMillis() / 1000.0);
        }
    }

    /**
     * The job once its run has ended. The gateway's job threads are awaited rather than the status route polled:
     * the in-process DynamoDB Local answers one request at a time, so status reads during the job's 300,000
     * changes only slow it. The one status read after it must answer 200: any other answer fails the test.
     */
    private static JsonNode awaitDone(LocalServer server, String statusUrl, String token, Duration within)
            throws InterruptedException {
        assertTrue(server.awaitJobs(within), "The job did not finish within " + within);
        JobsGatewayTest.Reply r = JobsGatewayTest.send(server, "GET", statusUrl, token, null, Duration.ofMinutes(5));
        assertEquals(200, r.status(), r.body());
        JsonNode job = r.json().path("job");
        assertEquals("done", job.path("state").asText(), job.toString());
        assertTrue(job.path("attempts").asInt() <= 1, job.toString());
        return job;
    }
}

package io.modelgraph.exchange;

import static io.modelgraph.exchange.ExchangeTestSupport.logical;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import com.sun.net.httpserver.HttpServer;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.graph.GraphChanges;
import io.modelgraph.graph.NodeType;
import io.modelgraph.jobs.WriteBudget;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A merge's fetches share the request's deadline (docs/graph.md#time-budget-and-jobs): the merge-wide fetch
 * deadline is the configured fetch time capped by what the Lambda invocation has left, so a request with no time
 * left for fetching answers 504 without contacting the source, where the same request without a deadline merges.
 */
class MergeBudgetTest {
    static final String SCHEMA = """
            {"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{"Person":{"type":"object",
             "properties":{"name":{"type":"string"}}}}}""";

    @Test
    void theFetchesOfAMergeEndAtTheRequestsDeadline() throws Exception {
        AtomicInteger requests = new AtomicInteger();
        HttpServer files = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        files.createContext("/p.json", ex -> {
            requests.incrementAndGet();
            byte[] body = SCHEMA.getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        });
        files.start();
        try {
            String project = ExchangeTestSupport.newProjectId();
            ExchangeTestSupport.Client client = new ExchangeTestSupport.Client(true, "http://127.0.0.1:1", project);
            String space = UUID.randomUUID().toString();
            client.module.spaces().graph().apply(project, GraphChanges.additions(List.of(
                    new GraphChanges.NodeUpsert(space, "S", NodeType.Space, List.of())), List.of(), List.of()), "t");
            String query = "SpaceId=" + space + "&ConfigTypeId=" + URLEncoder.encode(DefaultProfiles.JSON_SCHEMA_ID,
                    StandardCharsets.UTF_8);
            String body = "[{\"FileUrl\":\"http://127.0.0.1:" + files.getAddress().getPort() + "/p.json\"}]";

            // the invocation has only the write reserve left: no time for fetching
            logical(client.send("POST", "mergeJsonSchema", query, body, "Admin", Map.of(),
                    remaining(WriteBudget.RESERVE_MILLIS)), 504);
            assertEquals(0, requests.get(), "the source was never contacted");

            // with time left the same merge fetches and applies
            client.ok(client.send("POST", "mergeJsonSchema", query, body, "Admin", Map.of(), remaining(29_000)));
            assertEquals(1, requests.get());
        } finally {
            files.stop(0);
        }
    }

    /** {@code types} object types of ten properties each: about 200 KB, far more than 1 ms of reading. */
    static String wideSchema(int types) {
        StringBuilder b = new StringBuilder("{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"$defs\":{");
        for (int t = 0; t < types; t++) {
            b.append(t == 0 ? "" : ",").append("\"T").append(t).append("\":{\"type\":\"object\",\"properties\":{");
            for (int p = 0; p < 10; p++) {
                b.append(p == 0 ? "" : ",").append("\"p").append(p).append("\":{\"type\":\"string\"}");
            }
            b.append("}}");
        }
        return b.append("}}").toString();
    }

    @Test
    void aSourceStillBeingReadAtTheParseDeadlineAnswers413AndMergesNothing() throws Exception {
        byte[] schema = wideSchema(600).getBytes(StandardCharsets.UTF_8);
        HttpServer files = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        files.createContext("/wide.json", ex -> {
            ex.sendResponseHeaders(200, schema.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(schema);
            }
        });
        files.start();
        try {
            String project = ExchangeTestSupport.newProjectId();
            ExchangeTestSupport.Client client = new ExchangeTestSupport.Client(ExchangeTestSupport.services()
                    .settings().withAllowLoopbackUrls(true), project, new io.modelgraph.codec.ParseDeadline(1));
            String space = UUID.randomUUID().toString();
            client.module.spaces().graph().apply(project, GraphChanges.additions(List.of(
                    new GraphChanges.NodeUpsert(space, "S", NodeType.Space, List.of())), List.of(), List.of()), "t");
            int before = client.module.spaces().graph().load(project, List.of(space)).nodes().size();
            String query = "SpaceId=" + space + "&ConfigTypeId=" + URLEncoder.encode(DefaultProfiles.JSON_SCHEMA_ID,
                    StandardCharsets.UTF_8);
            String body = "[{\"FileUrl\":\"http://127.0.0.1:" + files.getAddress().getPort() + "/wide.json\"}]";

            logical(client.send("POST", "mergeJsonSchema", query, body, "Admin", Map.of()), 413,
                    "decode time limit of 1 ms", "wide.json");
            assertEquals(before, client.module.spaces().graph().load(project, List.of(space)).nodes().size(),
                    "nothing was merged");
        } finally {
            files.stop(0);
        }
    }

    /** The Lambda context of an invocation with {@code millis} left. */
    static Context remaining(long millis) {
        long deadline = System.currentTimeMillis() + millis;
        return new Context() {
            public String getAwsRequestId() {
                return "test";
            }

            public String getLogGroupName() {
                return "test";
            }

            public String getLogStreamName() {
                return "test";
            }

            public String getFunctionName() {
                return "ExchangeFunction";
            }

            public String getFunctionVersion() {
                return "$LATEST";
            }

            public String getInvokedFunctionArn() {
                return "arn:aws:lambda:us-east-1:123456789012:function:ExchangeFunction";
            }

            public CognitoIdentity getIdentity() {
                return null;
            }

            public ClientContext getClientContext() {
                return null;
            }

            public int getRemainingTimeInMillis() {
                return (int) Math.max(0, deadline - System.currentTimeMillis());
            }

            public int getMemoryLimitInMB() {
                return 1024;
            }

            public LambdaLogger getLogger() {
                return null;
            }
        };
    }
}

package io.modelgraph.bench;

import io.modelgraph.integrations.capture.DataDictionary;
import io.modelgraph.integrations.capture.DictionaryAudit;
import io.modelgraph.integrations.capture.DictionaryModel;
import io.modelgraph.integrations.capture.DictionaryReader;
import io.modelgraph.schema.SchemaModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * The REDCap connector on the largest real dictionary (REDCapR's super-wide: 5,751 fields, 34 forms, cp1252): the
 * time to parse the CSV alone, and the time of a whole audit (parse, model, compare, conformance with every lint
 * rule, and the production-change review against the dictionary's previous version, the stored snapshot as the
 * service reads it) against the model the dictionary imports as, in one run; the ratio audit ÷ parse is the figure (goal ≤ 3). Medians of the runs
 * after warm-up. Then the import of the same dictionary through the connector's route into an empty project on
 * DynamoDB Local and S3Proxy in-process, timed once (the write dominates). Usage:
 * {@code CaptureBench <corpus dir> [runs] [--no-import]}.
 */
public final class CaptureBench {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args.length > 0 ? args[0] : "../shared/corpus")
                .resolve("redcap/REDCapR/super-wide-metadata.dictionary.csv");
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        byte[] bytes = Files.readAllBytes(file);
        DataDictionary d = DictionaryReader.read(bytes);
        SchemaModel governed = DictionaryModel.toModel(d, "bench");
        // the previous version (the live project's snapshot): the same dictionary, so the review walks and compares
        // every field; parsed once, outside the timed audit
        DataDictionary previous = DictionaryReader.read(bytes);
        for (int i = 0; i < 5; i++) {
            DictionaryAudit.audit(DictionaryReader.read(bytes), governed, Optional.empty(), Optional.of(previous));
        }
        // Wall time and this thread's CPU time, parse and audit alternated in each round. On a shared machine the
        // CPU time is the steadier figure: other processes' load stretches wall time, not the work done.
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long[] parse = new long[runs];
        long[] audit = new long[runs];
        long[] parseCpu = new long[runs];
        long[] auditCpu = new long[runs];
        int findings = 0;
        for (int i = 0; i < runs; i++) {
            long c0 = cpu.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            DictionaryReader.read(bytes);
            long t1 = System.nanoTime();
            long c1 = cpu.getCurrentThreadCpuTime();
            findings = DictionaryAudit.audit(DictionaryReader.read(bytes), governed, Optional.empty(),
                    Optional.of(previous)).findings().size();
            long t2 = System.nanoTime();
            long c2 = cpu.getCurrentThreadCpuTime();
            parse[i] = t1 - t0;
            audit[i] = t2 - t1;
            parseCpu[i] = c1 - c0;
            auditCpu[i] = c2 - c1;
        }
        double p = median(parse) / 1e6;
        double a = median(audit) / 1e6;
        double pc = median(parseCpu) / 1e6;
        double ac = median(auditCpu) / 1e6;
        System.out.printf("capture bench: %s, %d bytes, %d fields, %d forms, %d findings, %d rounds%n",
                file.getFileName(), bytes.length, d.fields().size(), d.forms().size(), findings, runs);
        System.out.printf("  parse CSV alone  median %.1f ms wall, %.1f ms CPU%n", p, pc);
        System.out.printf("  whole audit      median %.1f ms wall, %.1f ms CPU (parse included)%n", a, ac);
        System.out.printf("  ratio audit / parse: %.2f wall, %.2f CPU (goal <= 3)%n", a / p, ac / pc);
        if (java.util.Arrays.asList(args).contains("--no-import")) {
            return;
        }
        timeImport(bytes);
    }

    /** One import through the route on the embedded stores; prints its time and what it wrote. */
    private static void timeImport(byte[] bytes) throws Exception {
        io.modelgraph.embedded.EmbeddedAws aws = io.modelgraph.embedded.EmbeddedAws.start(Optional.empty());
        try {
            io.modelgraph.store.StoreConfig cfg = io.modelgraph.store.StoreConfig.from(java.util.Map.of())
                    .withEndpoints(aws.dynamoEndpoint(), aws.s3Endpoint());
            io.modelgraph.platform.Services services = io.modelgraph.platform.Services.of(cfg,
                    io.modelgraph.platform.Settings.from(java.util.Map.of()).withPagingSecret("bench"));
            io.modelgraph.store.Tables.ensure(services.dynamo(), services.s3(), cfg);
            io.modelgraph.integrations.IntegrationsHandler handler =
                    new io.modelgraph.integrations.IntegrationsHandler(services);
            String project = java.util.UUID.randomUUID().toString().replace("-", "");
            String body = io.modelgraph.json.Json.write(io.modelgraph.json.Json.object().set("artifacts",
                    io.modelgraph.json.Json.object().set("data_dictionary", io.modelgraph.json.Json.object()
                            .put("base64", java.util.Base64.getEncoder().encodeToString(bytes)))));
            String path = "/graph/integrations/capture/import/" + project;
            var http = com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent.RequestContext.Http.builder()
                    .withMethod("POST").withPath(path).build();
            var jwt = com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT
                    .builder().withClaims(java.util.Map.of("sub", "bench", "exp", Long.toString(
                            System.currentTimeMillis() / 1000 + 3600), io.modelgraph.auth.RoleClaim.NAME,
                            project + ":Admin")).build();
            var ctx = com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent.RequestContext.builder()
                    .withHttp(http).withRequestId("bench").withAuthorizer(com.amazonaws.services.lambda.runtime.events
                            .APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder().withJwt(jwt).build()).build();
            var event = com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent.builder()
                    .withVersion("2.0").withRouteKey("$default").withRawPath(path).withRawQueryString("")
                    .withHeaders(java.util.Map.of("content-type", "application/json")).withBody(body)
                    .withIsBase64Encoded(false).withRequestContext(ctx).build();
            long t0 = System.nanoTime();
            var response = handler.handleRequest(event, null);
            long t1 = System.nanoTime();
            String answer = response.getBody();
            System.out.printf("  import into an empty project on DynamoDB Local: %.1f s, HTTP %d, %s%n",
                    (t1 - t0) / 1e9, response.getStatusCode(), answer.length() > 300 ? answer.substring(0, 300)
                            : answer);
        } finally {
            aws.close();
        }
    }

    private static double median(long[] values) {
        long[] s = values.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private CaptureBench() {
    }
}

package io.modelgraph.bench;

import io.modelgraph.embedded.EmbeddedAws;
import io.modelgraph.platform.Services;
import io.modelgraph.platform.Settings;
import io.modelgraph.store.AwsClients;
import io.modelgraph.store.StoreConfig;
import io.modelgraph.store.Tables;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Cold start of every function, measured the way Lambda pays it: a fresh JVM per run whose class path is
 * only the function's shaded jar, the handler constructed (init), then a first and a second invocation
 * against the embedded stores. Prints jar size, JVM start, init, first and warm call, peak RSS, classes.
 * JVM flags follow the Lambda Java runtime's defaults (tiered compilation stopped at C1).
 *
 * <p>Run from the repository root after {@code ./mvnw -q -DskipTests package}:
 * {@code java -cp "bench/target/classes:$(cat bench/target/classpath.txt)" io.modelgraph.bench.ColdStartBench [--runs=5]}
 */
public final class ColdStartBench {
    /** One shipped function: its Lambda jar and sample event, relative to the repository root. */
    public record Function(String name, String jar, String handler, String event) {
    }

    /** Every function jar the build ships; the artifact tests ({@code it/}) run each through the probe too. */
    public static final List<Function> FUNCTIONS = List.of(
            new Function("authorizer", "functions/authorizer/target/function-authorizer-0.1.0-SNAPSHOT-lambda.jar",
                    "io.modelgraph.authorizer.ApiKeyAuthorizerHandler", "events/authorizer.json"),
            new Function("graph", "functions/graph/target/function-graph-0.1.0-SNAPSHOT-lambda.jar",
                    "io.modelgraph.graphapi.GraphHandler", "events/graph.json"),
            new Function("exchange", "functions/exchange/target/function-exchange-0.1.0-SNAPSHOT-lambda.jar",
                    "io.modelgraph.exchange.ExchangeHandler", "events/exchange.json"),
            new Function("transform", "functions/transform/target/function-transform-0.1.0-SNAPSHOT-lambda.jar",
                    "io.modelgraph.transform.TransformHandler", "events/transform.json"),
            new Function("integrations", "functions/integrations/target/function-integrations-0.1.0-SNAPSHOT-lambda.jar",
                    "io.modelgraph.integrations.IntegrationsHandler", "events/integrations.json"));

    public static void main(String[] args) throws Exception {
        int runs = 5;
        for (String arg : args) {
            if (arg.startsWith("--runs=")) {
                runs = Integer.parseInt(arg.substring(7));
            }
        }
        EmbeddedAws aws = EmbeddedAws.start(Optional.empty());
        try {
            StoreConfig config = StoreConfig.from(Map.of()).withEndpoints(aws.dynamoEndpoint(), aws.s3Endpoint());
            Services services = Services.of(config, Settings.from(Map.of()));
            Tables.ensure(services.dynamo(), services.s3(), config);
            System.out.printf("%-13s %9s %7s %8s %8s %8s %9s %8s %7s%n", "function", "jar MB", "jvm ms", "init ms",
                    "1st ms", "2nd ms", "status", "RSS MB", "classes");
            for (Function f : FUNCTIONS) {
                List<double[]> samples = new ArrayList<>();
                String status = "";
                for (int i = 0; i < runs; i++) {
                    String line = figures(f, probe(Path.of(""), f, List.of(), aws));
                    samples.add(parse(line));
                    status = field(line, "status");
                }
                double[] median = median(samples);
                System.out.printf("%-13s %9.1f %7.0f %8.0f %8.0f %8.1f %9s %8.0f %7.0f%n", f.name(),
                        new File(f.jar()).length() / 1_048_576.0, median[0], median[1], median[2], median[3], status,
                        median[4] / 1024.0, median[5]);
            }
            System.out.println("medians of " + runs + " fresh JVMs per function; 'init' is the handler constructor "
                    + "(SDK clients, route table), '1st' the first request including its DynamoDB calls");
        } catch (Exception e) {
            e.printStackTrace();
            aws.close();
            System.exit(1);
        }
        aws.close();
        System.exit(0);
    }

    /**
     * Runs {@link ColdStartProbe} in a fresh JVM whose class path is the function's jar and the probe class
     * alone, against the embedded stores; {@code moreEvents} are invoked after the timed pair. Answers
     * everything the JVM printed (stdout and stderr).
     */
    public static String probe(Path root, Function f, List<Path> moreEvents, EmbeddedAws aws) throws Exception {
        return probe(root, f, moreEvents, aws, Map.of());
    }

    /** As above, with {@code extraEnv} added to the function's environment (such as the ai kind's provider). */
    public static String probe(Path root, Function f, List<Path> moreEvents, EmbeddedAws aws,
            Map<String, String> extraEnv) throws Exception {
        String probeClasses = Path.of(ColdStartProbe.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI()).toString();
        List<String> command = new ArrayList<>(List.of("java", "-XX:+TieredCompilation", "-XX:TieredStopAtLevel=1",
                "-Xshare:auto", "-cp", root.resolve(f.jar()).toAbsolutePath() + File.pathSeparator + probeClasses,
                "io.modelgraph.bench.ColdStartProbe", f.handler(), root.resolve(f.event()).toAbsolutePath().toString()));
        moreEvents.forEach(e -> command.add(e.toAbsolutePath().toString()));
        ProcessBuilder pb = new ProcessBuilder(command);
        Map<String, String> env = pb.environment();
        env.put(StoreConfig.ENV_DYNAMODB_ENDPOINT, aws.dynamoEndpoint().toString());
        env.put(StoreConfig.ENV_S3_ENDPOINT, aws.s3Endpoint().toString());
        env.put("AWS_ACCESS_KEY_ID", AwsClients.LOCAL_ACCESS_KEY);
        env.put("AWS_SECRET_ACCESS_KEY", AwsClients.LOCAL_SECRET_KEY);
        env.put(StoreConfig.ENV_REGION, "us-east-1");
        env.putAll(extraEnv);
        pb.redirectErrorStream(true);
        Process process = pb.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        return out;
    }

    /** The probe's line of figures. */
    public static String figures(Function f, String probeOutput) {
        for (String line : probeOutput.split("\n")) {
            if (line.startsWith("PROBE ")) {
                return line;
            }
        }
        throw new IllegalStateException(f.name() + " probe printed no figures:\n" + probeOutput);
    }

    private static String field(String line, String name) {
        for (String part : line.split(" ")) {
            if (part.startsWith(name + "=")) {
                return part.substring(name.length() + 1);
            }
        }
        return "";
    }

    private static double[] parse(String line) {
        return new double[] {Double.parseDouble(field(line, "jvm")), Double.parseDouble(field(line, "init")),
            Double.parseDouble(field(line, "first")), Double.parseDouble(field(line, "second")),
            Double.parseDouble(field(line, "rssKb")), Double.parseDouble(field(line, "classes"))};
    }

    private static double[] median(List<double[]> samples) {
        double[] out = new double[samples.get(0).length];
        for (int k = 0; k < out.length; k++) {
            final int col = k;
            double[] column = samples.stream().mapToDouble(s -> s[col]).sorted().toArray();
            out[k] = column[column.length / 2];
        }
        return out;
    }

    private ColdStartBench() {
    }
}

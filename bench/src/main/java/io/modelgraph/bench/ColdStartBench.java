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
 * {@code java -cp "bench/target/classes:$(cat bench/target/classpath.txt)" io.modelgraph.bench.ColdStartBench [--runs=8]}
 * Each function run follows a run of {@link #FLOOR}, the least a function can be, and is reported as a ratio to it.
 * {@code --baseline=<dir>} also measures the jars of another build (its root directory) the same way, in the same run.
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

    /**
     * The floor: a handler jar that only makes one DynamoDB GetItem with the same SDK and HTTP client (module
     * {@code bench/floor}). Each function is measured right after a run of the floor, so both see the same load.
     */
    public static final Function FLOOR = new Function("floor", "bench/floor/target/bench-floor-0.1.0-SNAPSHOT-floor.jar",
            "io.modelgraph.floor.FloorHandler", "events/graph.json");

    /** The goal: each function at most this many times the floor, process start to first response. */
    public static final double GOAL = 1.25;

    /** One run seen from outside: process start to the probe's FIRST line, and to its exit. */
    public record Timed(double startToFirstMs, double wholeMs, String output) {
    }

    public static void main(String[] args) throws Exception {
        int runs = 8;
        Optional<Path> baseline = Optional.empty();
        for (String arg : args) {
            if (arg.startsWith("--runs=")) {
                runs = Integer.parseInt(arg.substring(7));
            } else if (arg.startsWith("--baseline=")) {
                baseline = Optional.of(Path.of(arg.substring(11)).toAbsolutePath());
            }
        }
        EmbeddedAws aws = EmbeddedAws.start(Optional.empty());
        try {
            StoreConfig config = StoreConfig.from(Map.of()).withEndpoints(aws.dynamoEndpoint(), aws.s3Endpoint());
            Services services = Services.of(config, Settings.from(Map.of()));
            Tables.ensure(services.dynamo(), services.s3(), config);
            Map<String, List<double[]>> samples = new java.util.LinkedHashMap<>();
            Map<String, List<Double>> ratios = new java.util.LinkedHashMap<>();
            Map<String, List<Double>> coldRatios = new java.util.LinkedHashMap<>();
            Map<String, String> statuses = new java.util.HashMap<>();
            Map<String, List<Double>> baseRatios = new java.util.LinkedHashMap<>();
            samples.put(FLOOR.name(), new ArrayList<>());
            for (Function f : FUNCTIONS) {
                samples.put(f.name(), new ArrayList<>());
                ratios.put(f.name(), new ArrayList<>());
                coldRatios.put(f.name(), new ArrayList<>());
            }
            // alternated: floor, function, floor, next function, ... so every pair shares the machine's load
            for (int i = 0; i < runs; i++) {
                for (Function f : FUNCTIONS) {
                    if (baseline.isPresent() && i % 2 == 0) {
                        baseRatios.computeIfAbsent(f.name(), k -> new ArrayList<>()).add(baselineRatio(baseline.get(), f, aws));
                    }
                    Timed floor = timedProbe(Path.of(""), FLOOR, aws);
                    Timed run = timedProbe(Path.of(""), f, aws);
                    samples.get(FLOOR.name()).add(sample(floor, FLOOR));
                    samples.get(f.name()).add(sample(run, f));
                    ratios.get(f.name()).add(run.startToFirstMs() / floor.startToFirstMs());
                    // less each one's warm second request: what the cold start costs beyond the request's own work
                    coldRatios.get(f.name()).add((run.startToFirstMs() - sample(run, f)[3])
                            / (floor.startToFirstMs() - sample(floor, FLOOR)[3]));
                    statuses.put(f.name(), field(figures(f, run.output()), "status"));
                    if (baseline.isPresent() && i % 2 == 1) {
                        baseRatios.computeIfAbsent(f.name(), k -> new ArrayList<>()).add(baselineRatio(baseline.get(), f, aws));
                    }
                }
            }
            System.out.printf("%-13s %7s %11s %7s %7s %9s %7s %8s %8s %8s %10s %7s %8s%n", "function", "jar MB",
                    "start>1st", "xfloor", "xcold", "whole ms", "jvm ms", "init ms", "1st ms", "2nd ms", "status", "RSS MB",
                    "classes");
            for (Function f : allWithFloor()) {
                double[] m = median(samples.get(f.name()));
                String ratio = f == FLOOR ? "1.00" : String.format("%.2f", medianOf(ratios.get(f.name())));
                String cold = f == FLOOR ? "1.00" : String.format("%.2f", medianOf(coldRatios.get(f.name())));
                System.out.printf("%-13s %7.1f %11.0f %7s %7s %9.0f %7.0f %8.0f %8.0f %8.1f %10s %7.0f %8.0f%n",
                        f.name(), new File(f.jar()).length() / 1_048_576.0, m[6], ratio, cold, m[7], m[0], m[1], m[2], m[3],
                        f == FLOOR ? "200" : statuses.get(f.name()), m[4] / 1024.0, m[5]);
            }
            if (baseline.isPresent()) {
                StringBuilder line = new StringBuilder("baseline " + baseline.get() + " in the same run, xfloor:");
                baseRatios.forEach((name, values) -> line.append(String.format(" %s %.2f", name, medianOf(values))));
                System.out.println(line);
            }
            System.out.println("medians of " + runs + " fresh JVMs per function, each right after a floor run; "
                    + "'start>1st' is process start to the first response seen from outside, 'xfloor' the median of "
                    + "the paired ratios (goal <= " + GOAL + "), 'xcold' the same less each run's warm 2nd request, "
                    + "'whole' start to exit (two requests), 'init' the "
                    + "handler constructor, '1st' reading the event and the first request");
        } catch (Exception e) {
            e.printStackTrace();
            aws.close();
            System.exit(1);
        }
        aws.close();
        System.exit(0);
    }

    /**
     * {@code --baseline=<dir>}: the same function from another build (a checkout's root, or a copy holding its jars
     * and {@code events/} at the same relative paths), right after a floor run of this build: its paired ratio. Runs
     * before this build's pair in even rounds and after it in odd ones, so neither gets the warmer page cache.
     */
    private static double baselineRatio(Path root, Function f, EmbeddedAws aws) throws Exception {
        Function old = new Function(f.name(), root.resolve(f.jar()).toString(), f.handler(),
                root.resolve(f.event()).toString());
        Timed floor = timedProbe(Path.of(""), FLOOR, aws);
        return timedProbe(Path.of(""), old, aws).startToFirstMs() / floor.startToFirstMs();
    }

    private static List<Function> allWithFloor() {
        List<Function> all = new ArrayList<>();
        all.add(FLOOR);
        all.addAll(FUNCTIONS);
        return all;
    }

    private static double[] sample(Timed timed, Function f) {
        double[] inside = parse(figures(f, timed.output()));
        double[] all = java.util.Arrays.copyOf(inside, inside.length + 2);
        all[inside.length] = timed.startToFirstMs();
        all[inside.length + 1] = timed.wholeMs();
        return all;
    }

    private static double medianOf(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted.length % 2 == 1 ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    /** One probe run timed from outside the JVM: the clock starts before the process is spawned. */
    public static Timed timedProbe(Path root, Function f, EmbeddedAws aws) throws Exception {
        ProcessBuilder pb = command(root, f, List.of(), aws, Map.of());
        long started = System.nanoTime();
        Process process = pb.start();
        double first = -1;
        StringBuilder out = new StringBuilder();
        try (var reader = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (first < 0 && line.equals("FIRST")) {
                    first = (System.nanoTime() - started) / 1e6;
                }
                out.append(line).append('\n');
            }
        }
        process.waitFor();
        double whole = (System.nanoTime() - started) / 1e6;
        if (first < 0) {
            throw new IllegalStateException(f.name() + " never answered:\n" + out);
        }
        return new Timed(first, whole, out.toString());
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
        ProcessBuilder pb = command(root, f, moreEvents, aws, extraEnv);
        Process process = pb.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        process.waitFor();
        return out;
    }

    private static ProcessBuilder command(Path root, Function f, List<Path> moreEvents, EmbeddedAws aws,
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
        return pb;
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

package io.modelgraph.bench;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.avro.AvroCodec;
import io.modelgraph.compat.CompareReport;
import io.modelgraph.compat.Compatibility;
import io.modelgraph.compat.Mode;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;

/**
 * schema/compare's engine on a 500-type Avro model against a changed copy (a field added without default in one
 * record, a field removed from another, an enum symbol added), in every consumer format at once, against Avro
 * 1.12's {@code SchemaCompatibility} on the same pair for Avro alone; both BACKWARD, both in this process. Prints
 * the medians of thread CPU time, their ratio and the per-round spread (docs/benchmarks.md). Args: [types]
 * [rounds] [--warm-up=N] (rounds of both sides before the measured ones; 1000) [--with-parse] (then also with each
 * side's parse of the two texts counted).
 */
public final class CompareBench {
    static final List<String> CONSUMERS = List.of("avro", "protobuf", "jsonschema", "sql", "redcap", "shex",
            "jsonld", "owl", "linkml", "osi", "osi-json", "odcs", "synapse", "jtd");

    static final int WARM_UP = 1000;
    static final int PARSE_WARM_UP = 100;

    private CompareBench() {
    }

    /**
     * A root record whose fields hold the other records, each defined at its field (nesting stays two deep), each
     * with eight scalar fields and an enum.
     */
    static String schema(int types, boolean changed) {
        StringBuilder rootFields = new StringBuilder();
        for (int i = 1; i < types; i++) {
            StringBuilder fields = new StringBuilder();
            for (int f = 0; f < 8; f++) {
                if (changed && i == types / 3 && f == 7) {
                    continue; // a field removed
                }
                fields.append("{\"name\": \"f").append(f).append("\", \"type\": \"")
                        .append(f % 2 == 0 ? "string" : "long").append("\"},");
            }
            if (changed && i == types / 2) {
                fields.append("{\"name\": \"added\", \"type\": \"int\"},"); // added without default
            }
            fields.append("{\"name\": \"state\", \"type\": {\"type\": \"enum\", \"name\": \"State").append(i)
                    .append("\", \"symbols\": [\"A\", \"B\"").append(changed && i == 1 ? ", \"C\"" : "")
                    .append("]}}");
            rootFields.append(i == 1 ? "" : ",").append("{\"name\": \"t").append(i).append("\", \"type\": {")
                    .append("\"type\": \"record\", \"name\": \"T").append(i).append("\", \"fields\": [")
                    .append(fields).append("]}}");
        }
        return "{\"type\": \"record\", \"name\": \"Root\", \"namespace\": \"bench\", \"fields\": ["
                + rootFields + "]}";
    }

    public static void main(String[] args) throws Exception {
        int types = args.length > 0 ? Integer.parseInt(args[0]) : 500;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        String baseText = schema(types, false);
        String candidateText = schema(types, true);
        AvroCodec codec = new AvroCodec();
        SchemaModel base = codec.decode(baseText, CodecOptions.NONE, new LossinessLedger());
        SchemaModel candidate = codec.decode(candidateText, CodecOptions.NONE, new LossinessLedger());
        Schema baseAvro = new Schema.Parser().parse(baseText);
        Schema candidateAvro = new Schema.Parser().parse(candidateText);
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long[] ours = new long[rounds];
        long[] avro = new long[rounds];
        boolean oursCompatible = true;
        boolean avroCompatible = true;
        // the same warm-up rounds for both sides, alternated, so both are measured compiled (warmUp); warm-up
        // and measurement run the same method, so the measured rounds run the code the warm-up compiled
        int warmUp = List.of(args).stream().filter(a -> a.startsWith("--warm-up=")).findFirst()
                .map(a -> Integer.parseInt(a.substring("--warm-up=".length()))).orElse(WARM_UP);
        warmUp(() -> round(base, candidate, candidateAvro, baseAvro, cpu), warmUp);
        long compiledBefore = compileMillis();
        for (int r = 0; r < rounds; r++) {
            Round one = round(base, candidate, candidateAvro, baseAvro, cpu);
            ours[r] = one.ours();
            avro[r] = one.avro();
            oursCompatible = one.oursCompatible();
            avroCompatible = one.avroCompatible();
        }
        long oursMedian = median(ours);
        long avroMedian = median(avro);
        System.out.printf("types %d, elements %d, consumers %d%n", base.types().size(), base.elementCount(),
                CONSUMERS.size());
        System.out.printf("warm-up %d rounds; JIT compilation during the %d measured rounds: %d ms%n", warmUp,
                rounds, compileMillis() - compiledBefore);
        System.out.printf("compare, every consumer: median %.1f ms CPU%n", oursMedian / 1e6);
        System.out.printf("Avro SchemaCompatibility, avro only: median %.1f ms CPU%n", avroMedian / 1e6);
        System.out.printf("ratio (ours / Avro) %.2f; avro verdicts agree: %s%n", (double) oursMedian / avroMedian,
                oursCompatible == avroCompatible);
        List<String> perRound = new ArrayList<>();
        double[] ratios = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            ratios[i] = (double) ours[i] / avro[i];
            perRound.add(String.format("%.2f", ratios[i]));
        }
        double[] sorted = ratios.clone();
        Arrays.sort(sorted);
        System.out.printf("per-round ratio: min %.2f, quartiles %.2f / %.2f / %.2f, max %.2f%n", sorted[0],
                sorted[rounds / 4], sorted[rounds / 2], sorted[rounds * 3 / 4], sorted[rounds - 1]);
        // by thirds of the measured rounds: a ratio still falling from the first third to the last means a side
        // was still being compiled after the warm-up
        int third = Math.max(1, rounds / 3);
        StringBuilder thirds = new StringBuilder("medians by third of the rounds (ours / Avro ms):");
        for (int from = 0; from + third <= rounds; from += third) {
            long o = median(Arrays.copyOfRange(ours, from, from + third));
            long a = median(Arrays.copyOfRange(avro, from, from + third));
            thirds.append(String.format(" %.1f / %.1f = %.2f;", o / 1e6, a / 1e6, (double) o / a));
        }
        System.out.println(thirds);
        System.out.println("per round: " + perRound);
        if (List.of(args).contains("--with-parse")) {
            withParse(baseText, candidateText, rounds);
        }
    }

    /**
     * The same comparison with each side's reading of the two texts counted: the Avro codec's decode into the
     * model against Avro's {@code Schema.Parser}, as a command-line run pays them.
     */
    private static void withParse(String baseText, String candidateText, int rounds) throws Exception {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        AvroCodec codec = new AvroCodec();
        long[] ours = new long[rounds];
        long[] avro = new long[rounds];
        for (int r = -PARSE_WARM_UP; r < rounds; r++) {
            long t0 = cpu.getCurrentThreadCpuTime();
            SchemaModel base = codec.decode(baseText, CodecOptions.NONE, new LossinessLedger());
            SchemaModel candidate = codec.decode(candidateText, CodecOptions.NONE, new LossinessLedger());
            Compatibility.compare(base, candidate, Mode.BACKWARD, CONSUMERS);
            long t1 = cpu.getCurrentThreadCpuTime();
            Schema baseAvro = new Schema.Parser().parse(baseText);
            Schema candidateAvro = new Schema.Parser().parse(candidateText);
            SchemaCompatibility.checkReaderWriterCompatibility(candidateAvro, baseAvro);
            long t2 = cpu.getCurrentThreadCpuTime();
            if (r >= 0) {
                ours[r] = t1 - t0;
                avro[r] = t2 - t1;
            }
        }
        System.out.printf("with each side's parse of both texts: ours %.1f ms, Avro %.1f ms CPU, ratio %.2f%n",
                median(ours) / 1e6, median(avro) / 1e6, (double) median(ours) / median(avro));
    }

    private record Round(long ours, long avro, boolean oursCompatible, boolean avroCompatible) {
    }

    /** One round: our compare in every consumer format, then Avro's check, each timed by thread CPU time. */
    private static Round round(SchemaModel base, SchemaModel candidate, Schema candidateAvro, Schema baseAvro,
            ThreadMXBean cpu) {
        long t0 = cpu.getCurrentThreadCpuTime();
        CompareReport report = Compatibility.compare(base, candidate, Mode.BACKWARD, CONSUMERS);
        long t1 = cpu.getCurrentThreadCpuTime();
        SchemaCompatibility.SchemaPairCompatibility pair = SchemaCompatibility.checkReaderWriterCompatibility(
                candidateAvro, baseAvro);
        long t2 = cpu.getCurrentThreadCpuTime();
        return new Round(t1 - t0, t2 - t1, report.verdicts().get(0).compatible(),
                pair.getType() == SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE);
    }

    /**
     * Runs both sides, alternated, {@code rounds} times before the measured rounds. A hundred left the compare's
     * code still being compiled: it runs each of its many methods a few times a round, so they reach the
     * optimizing compiler's thresholds only after hundreds of rounds (the per-round ratio kept falling, about 1.0
     * to 0.6, over 400 measured rounds), while Avro's few methods, called per field, are compiled early
     * (docs/compare.md "Speed").
     */
    private static void warmUp(Runnable round, int rounds) {
        for (int i = 0; i < rounds; i++) {
            round.run();
        }
    }

    private static long compileMillis() {
        return ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}

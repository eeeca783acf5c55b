package io.modelgraph.bench;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CodecRegistry;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.transform.CorpusInputs;
import io.modelgraph.transform.TransformHandler;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Time of one {@code schema/map} conversion of a realworld-train case to one target (the route's decode and encode
 * through the function's codec registry; the HTTP envelope and the role check are left out), in the JVM this main
 * starts: the first call (cold: classes loaded and the JIT not yet at work, what a fresh Lambda container pays) and
 * the median of the warm calls after it. It prints wall time, the calling thread's CPU time and the whole process's
 * CPU time (JIT compiler and GC threads included): on a shared machine the wall time also measures the neighbours,
 * the CPU times do not. {@code bench/map-pairs.sh} runs it once per pair, each in a fresh JVM (docs/fidelity.md,
 * "Speed").
 *
 * <p>{@code java -cp <bench class path> io.modelgraph.bench.MapPairBench <corpus dir> <format/case> <target>
 * [warm calls]}, the case named as in {@code realworld-train} ({@code shex/chemrof.shex}; a folder is sent as the
 * documented bundle, in its {@code ORDER} where it has one).
 */
public final class MapPairBench {
    private MapPairBench() {
    }

    public static void main(String[] args) throws IOException, SchemaSyntaxException {
        if (args.length < 3) {
            System.err.println("usage: MapPairBench <corpus dir> <format/case> <target> [warm calls]");
            System.exit(2);
        }
        Path input = Path.of(args[0], "realworld-train", args[1]);
        String format = args[1].substring(0, args[1].indexOf('/'));
        String target = args[2];
        int warm = args.length > 3 ? Integer.parseInt(args[3]) : 5;
        String text = Files.isDirectory(input) ? CorpusInputs.bundle(input) : Files.readString(input);
        CodecRegistry codecs = TransformHandler.codecs();
        Sample cold = Sample.of(() -> map(codecs, format, text, target));
        long[] wall = new long[warm];
        long[] thread = new long[warm];
        long[] process = new long[warm];
        for (int i = 0; i < warm; i++) {
            Sample s = Sample.of(() -> map(codecs, format, text, target));
            wall[i] = s.wallMillis();
            thread[i] = s.threadCpuMillis();
            process[i] = s.processCpuMillis();
        }
        System.out.printf(Locale.ROOT, "PAIR %s -> %s: cold wall %d ms, thread CPU %d ms, process CPU %d ms; warm"
                + " median of %d wall %d ms, thread CPU %d ms, process CPU %d ms; %,d characters in, %,d out%n",
                args[1], target, cold.wallMillis(), cold.threadCpuMillis(), cold.processCpuMillis(), warm,
                median(wall), median(thread), median(process), text.length(), cold.output().length());
    }

    /** What the route converts: the source decoded, the model encoded in the target format. */
    private static String map(CodecRegistry codecs, String format, String text, String target)
            throws SchemaSyntaxException {
        LossinessLedger ledger = new LossinessLedger();
        return codecs.encoder(target, "targetFormat").encode(codecs.decoder(format, "sourceFormat").decode(text,
                CodecOptions.NONE, ledger), CodecOptions.NONE, ledger);
    }

    private interface Conversion {
        String run() throws SchemaSyntaxException;
    }

    private record Sample(String output, long wallMillis, long threadCpuMillis, long processCpuMillis) {
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

        static Sample of(Conversion call) throws SchemaSyntaxException {
            long cpu0 = THREADS.getCurrentThreadCpuTime();
            long process0 = processCpu();
            long t0 = System.nanoTime();
            String r = call.run();
            long t1 = System.nanoTime();
            return new Sample(r, (t1 - t0) / 1_000_000, (THREADS.getCurrentThreadCpuTime() - cpu0) / 1_000_000,
                    (processCpu() - process0) / 1_000_000);
        }

        private static long processCpu() {
            return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getProcessCpuTime();
        }
    }

    private static long median(long[] values) {
        if (values.length == 0) {
            return 0;
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}

package io.modelgraph.compat.formats;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.codec.CorpusCheck;
import io.modelgraph.codec.NpmTools;
import io.modelgraph.codec.protobuf.ProtobufCodec;
import io.modelgraph.compat.AgreementTally;
import io.modelgraph.compat.CompareReport;
import io.modelgraph.compat.Compatibility;
import io.modelgraph.compat.Finding;
import io.modelgraph.compat.Mode;
import io.modelgraph.compat.NativeCheckers;
import io.modelgraph.compat.Severity;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * The protobuf consumer's verdicts against {@code buf breaking} (npm {@code @bufbuild/buf}, rule set
 * {@code WIRE_JSON}) on generated version pairs: every {@code .proto} of the corpus ({@code protobuf/},
 * {@code realworld-train/protobuf/}) that compiles on its own, each kind of change of {@link ProtobufMutations}.
 * BACKWARD is {@code buf breaking <candidate> --against <base>}; FORWARD the same with the roles swapped (the
 * base checked against the candidate), less the rules about deleting without reserving (see
 * {@link BufBreaking#HISTORY_RULES}). All pairs go to buf in one
 * module, each file under a package of its own, so one buf run judges them all. Prints the agreement per kind and
 * direction and every disagreement with buf's rules and ours; each corpus file is a test of its own that fails on
 * a disagreement of its pairs, and the totals assert at least 99% overall and per kind.
 */
@Tag("conformance")
public class BufAgreementTest {
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");
    private static final Pattern SYNTAX = Pattern.compile("(?m)^\\s*(syntax|edition)\\s*=\\s*[^;]+;");


    private record Pair(String id, Path file, String kind, int site, String base, String candidate) {
    }

    /**
     * One named test per corpus file whose pairs buf judged: its generated pairs, one per kind of change (the
     * first place the file allows it), agree with buf in both directions. Then the totals: enough pairs, and at
     * least 99% agreement overall and per kind. buf runs once for all pairs, when the factory runs, which prints
     * the agreement per kind and every disagreement. Every place of every kind is judged under {@code -Pagreement}
     * ({@link #everyPlaceAgreesWithBufBreaking}): about 2.5 times the pairs, and as many more seconds of buf.
     */
    @TestFactory
    Stream<DynamicTest> verdictsAgreeWithBufBreaking() throws Exception {
        return agreement(false);
    }

    /** As {@link #verdictsAgreeWithBufBreaking}, with a pair for every place of every kind of change. */
    @TestFactory
    @Tag("agreement")
    Stream<DynamicTest> everyPlaceAgreesWithBufBreaking() throws Exception {
        return agreement(true);
    }

    private Stream<DynamicTest> agreement(boolean everyPlace) throws Exception {
        NativeCheckers checkers = NativeCheckers.install();
        Path buf = checkers.buf();
        Path corpus = CorpusCheck.folder("protobuf");
        List<Path> files = new ArrayList<>(CorpusCheck.files(corpus, ".*\\.proto$"));
        Path realworld = corpus.getParent().resolve("realworld-train/protobuf");
        if (Files.isDirectory(realworld)) {
            files.addAll(CorpusCheck.files(realworld, ".*\\.proto$"));
        }
        ProtobufCodec codec = new ProtobufCodec();
        Map<String, Pair> pairs = new TreeMap<>();
        Map<String, SchemaModel[]> models = new HashMap<>();
        int undecodable = 0;
        for (Path file : files) {
            if (file.toString().contains("/invalid/")) {
                continue;
            }
            String text = Files.readString(file);
            if (text.contains("message_set_wire_format")) {
                continue; // a proto1 MessageSet: buf refuses to check it at all
            }
            SchemaModel base;
            try {
                base = codec.decode(text, CodecOptions.NONE, new LossinessLedger());
            } catch (Exception e) {
                undecodable++;
                continue;
            }
            Set<String> kinds = new HashSet<>();
            for (ProtobufMutations.Mutation m : ProtobufMutations.of(text)) {
                if (!everyPlace && kinds.contains(m.kind())) {
                    continue;
                }
                SchemaModel candidate;
                try {
                    candidate = codec.decode(m.text(), CodecOptions.NONE, new LossinessLedger());
                } catch (Exception e) {
                    continue; // the change made a file our parser refuses; buf decides below whether it compiles
                }
                kinds.add(m.kind());
                String id = String.format("p%05d", pairs.size());
                pairs.put(id, new Pair(id, file, m.kind(), m.site(), text, m.text()));
                models.put(id, new SchemaModel[] {base, candidate});
            }
        }
        Path work = Files.createDirectories(Path.of("target/buf-agreement").toAbsolutePath());
        Path old = work.resolve("old");
        Path now = work.resolve("new");
        for (Path dir : List.of(old, now)) {
            if (Files.exists(dir)) {
                try (var walk = Files.walk(dir)) {
                    walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
            Files.deleteIfExists(work.resolve(dir.getFileName() + ".binpb"));
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("buf.yaml"), BufBreaking.CONFIG);
        }
        for (Pair p : pairs.values()) {
            Files.writeString(old.resolve(p.id() + ".proto"), packaged(p.base(), p.id()));
            Files.writeString(now.resolve(p.id() + ".proto"), packaged(p.candidate(), p.id()));
        }
        // versions buf cannot compile on their own (imports of other files, a change protobuf refuses) leave; the
        // round that compiles both keeps them as images, which both breaking runs read instead of compiling the
        // two folders again each
        Set<String> refused = new TreeSet<>();
        for (int round = 0; round < 100; round++) {
            Set<String> failing = new HashSet<>();
            for (Path dir : List.of(old, now)) {
                NpmTools.Result r = build(buf, work, dir);
                failing.addAll(BufBreaking.ids(r.out() + "\n" + r.err()));
                if (r.exit() != 0 && BufBreaking.ids(r.out() + "\n" + r.err()).isEmpty()) {
                    throw new IllegalStateException("buf build failed without naming a file: " + r.err());
                }
            }
            if (failing.isEmpty()) {
                break;
            }
            for (String id : failing) {
                refused.add(id);
                Files.deleteIfExists(old.resolve(id + ".proto"));
                Files.deleteIfExists(now.resolve(id + ".proto"));
            }
        }
        Map<String, List<String>> backward = breaking(buf, work, "new", "old", refused);
        Map<String, List<String>> forward = breaking(buf, work, "old", "new", refused);
        AgreementTally tally = new AgreementTally("breaking for buf");
        Set<String> filesUsed = new TreeSet<>();
        for (Pair p : pairs.values()) {
            if (refused.contains(p.id())) {
                continue;
            }
            filesUsed.add(p.file().toString());
            String file = corpus.getParent().relativize(p.file()).toString();
            tally.file(file);
            SchemaModel[] m = models.get(p.id());
            for (Mode mode : List.of(Mode.BACKWARD, Mode.FORWARD)) {
                List<String> bufRules = mode == Mode.BACKWARD ? backward.getOrDefault(p.id(), List.of())
                        : forward.getOrDefault(p.id(), List.of()).stream()
                        .filter(x -> !BufBreaking.HISTORY_RULES.matcher(x).matches()).toList();
                boolean nativeOk = bufRules.isEmpty();
                CompareReport ours = Compatibility.compare(m[0], m[1], mode, List.of("protobuf"));
                tally.verdict(file, p.kind() + " " + mode, nativeOk, ours.compatible(), () -> p.kind() + "#"
                        + p.site() + " " + mode + " (" + p.id() + "): buf " + (nativeOk ? "compatible"
                        : new TreeSet<>(bufRules)) + "; ours " + ours.findings().stream()
                        .filter(f -> f.severity() == Severity.ERROR).map(Finding::rule).distinct().toList());
            }
        }
        tally.print("Protobuf agreement with buf breaking (WIRE_JSON): " + filesUsed.size() + " files, "
                + pairs.size() + " pairs generated, " + refused.size() + " left out because buf cannot compile a"
                + " version on its own (imports of other files, or a change protobuf refuses); " + undecodable
                + " files our decoder refuses", 52);
        return tally.tests("verdicts that disagree with buf breaking", 200);
    }

    /**
     * {@code buf build} of one folder into the image {@code <folder>.binpb} beside it; the findings only need each
     * file's path and the rule, so the image leaves the source positions out.
     */
    private static NpmTools.Result build(Path buf, Path work, Path dir) throws Exception {
        String name = work.relativize(dir).toString();
        return NativeCheckers.run(work, 600, buf.toString(), "build", name, "--error-format", "json",
                "--exclude-source-info", "-o", name + ".binpb");
    }

    /**
     * buf's breaking findings of {@code input} against {@code against} (their images, with the folders' rule set),
     * by pair id: the rule types.
     */
    private static Map<String, List<String>> breaking(Path buf, Path work, String input, String against,
            Set<String> refused) throws Exception {
        NpmTools.Result r = breakingRun(buf, work, input, against);
        for (int round = 0; r.exit() != 0 && r.exit() != 100 && round < 20; round++) {
            // a version buf compiles but will not check (a legacy feature): named by its package, it leaves
            Matcher named = Pattern.compile("mg(p\\d{5})\\.").matcher(r.err());
            if (!named.find()) {
                break;
            }
            refused.add(named.group(1));
            Files.deleteIfExists(work.resolve("old").resolve(named.group(1) + ".proto"));
            Files.deleteIfExists(work.resolve("new").resolve(named.group(1) + ".proto"));
            for (String dir : List.of("old", "new")) {
                NpmTools.Result rebuilt = build(buf, work, work.resolve(dir));
                if (rebuilt.exit() != 0) {
                    throw new IllegalStateException("buf build " + dir + " failed after leaving out "
                            + named.group(1) + ": " + rebuilt.err());
                }
            }
            r = breakingRun(buf, work, input, against);
        }
        return BufBreaking.findings(r);
    }

    private static NpmTools.Result breakingRun(Path buf, Path work, String input, String against) throws Exception {
        return NativeCheckers.run(work, 900, buf.toString(), "breaking", input + ".binpb", "--against",
                against + ".binpb", "--config", work.resolve("old/buf.yaml").toString(), "--error-format", "json");
    }

    /** The file under a package of its own, so every pair's files compile side by side in one module. */
    public static String packaged(String text, String id) {
        Matcher pkg = PACKAGE.matcher(text);
        if (pkg.find()) {
            return text.substring(0, pkg.start(1)) + "mg" + id + "." + text.substring(pkg.start(1));
        }
        Matcher syntax = SYNTAX.matcher(text);
        if (syntax.find()) {
            return text.substring(0, syntax.end()) + "\npackage mg" + id + ";" + text.substring(syntax.end());
        }
        return "package mg" + id + ";\n" + text;
    }
}

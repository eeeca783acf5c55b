package io.modelgraph.integrations.capture;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.codec.CorpusVerdicts;
import io.modelgraph.integrations.Finding;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Generate then audit is a fixed point over every REDCap dictionary of both corpus folders: the dictionary as the
 * model the import builds, the model generated back as a dictionary, the generated dictionary audited against the
 * same model. The audit finds no Coverage or Drift, and no Conformance finding the imported dictionary does not
 * itself trigger; the generated cells equal the imported ones up to the normalization docs/integrations.md states
 * (printed per dictionary: every remaining cell difference). Read from {@code corpus.dir}, never copied here.
 */
@Tag("conformance")
class GenerateAuditFixedPointTest {

    /**
     * One named test per dictionary read: its generated dictionary's audit has nothing the imported one's lacks.
     * The round trips run once, when the factory runs, which prints each dictionary's figures and the totals.
     */
    @TestFactory
    Stream<DynamicTest> generateThenAuditIsCleanOverBothCorpusFolders() throws Exception {
        String dir = System.getProperty("corpus.dir", "");
        List<Path> roots = List.of(Paths.get(dir, "redcap"), Paths.get(dir, "realworld-train", "redcap"));
        Assumptions.assumeTrue(!dir.isEmpty() && roots.stream().allMatch(Files::isDirectory),
                "REDCap corpus not found under '" + dir + "' (set -Dcorpus.dir); conformance tests skipped");
        int dictionaries = 0;
        int identical = 0;
        long differences = 0;
        CorpusVerdicts perDictionary = new CorpusVerdicts();
        for (Path root : roots) {
            List<Path> files;
            try (Stream<Path> s = Files.walk(root)) {
                files = s.filter(p -> p.toString().endsWith(".csv")).sorted().toList();
            }
            for (Path file : files) {
                String name = root.getParent().getFileName() + "/" + root.relativize(file);
                DataDictionary source;
                try {
                    source = DictionaryReader.read(Files.readAllBytes(file));
                } catch (DictionaryException e) {
                    System.out.printf("fixed-point %-70s unreadable (%s), not generated%n", name, e.where());
                    continue;
                }
                dictionaries++;
                perDictionary.pass(name);
                Outcome o = roundTrip(source);
                differences += o.differences().size();
                if (o.differences().isEmpty()) {
                    identical++;
                }
                System.out.printf("fixed-point %-70s %5d rows -> %5d rows, ledger %3d, audit %d errors %d warnings"
                        + " (source alone %d, %d), %d cell differences%n", name, source.fields().size(),
                        o.generated().fields().size(), o.ledger(), o.audit().errorCount(), o.audit().warningCount(),
                        o.baseline().errorCount(), o.baseline().warningCount(), o.differences().size());
                o.differences().stream().limit(5).forEach(d -> System.out.println("    " + d));
                List<Finding> extra = o.extraFindings();
                if (!extra.isEmpty()) {
                    perDictionary.fail(name, extra.stream().limit(3).map(f -> f.code() + " " + f.subject() + " "
                            + f.message()).toList().toString());
                }
            }
        }
        System.out.printf("fixed-point: %d dictionaries, %d generated cell for cell (after normalization), %d cell"
                + " differences in all%n", dictionaries, identical, differences);
        int read = dictionaries;
        return Stream.concat(Stream.of(DynamicTest.dynamicTest("at least 39 dictionaries read", CorpusVerdicts.source("at least 39 dictionaries read"), () -> assertTrue(
                read >= 39, "dictionaries read: " + read))), perDictionary.tests(
                "findings the generated dictionary's audit adds"));
    }

    record Outcome(DataDictionary generated, int ledger, DictionaryAudit.Result audit, DictionaryAudit.Result baseline,
            List<String> differences) {
        /** Findings of the generated dictionary's audit that the imported dictionary's own audit does not have. */
        List<Finding> extraFindings() {
            Map<String, Integer> allowed = new HashMap<>();
            baseline.findings().stream().filter(f -> !f.severity().equals(Finding.INFO))
                    .forEach(f -> allowed.merge(f.code(), 1, Integer::sum));
            List<Finding> extra = new ArrayList<>();
            for (Finding f : audit.findings()) {
                if (f.severity().equals(Finding.INFO)) {
                    continue;
                }
                if (!f.section().equals(Finding.CONFORMANCE) || allowed.merge(f.code(), -1, Integer::sum) < 0) {
                    extra.add(f);
                }
            }
            return extra;
        }
    }

    static Outcome roundTrip(DataDictionary source) throws DictionaryException {
        SchemaModel model = DictionaryModel.toModel(source, "default");
        LossinessLedger ledger = new LossinessLedger();
        String csv = DictionaryGenerator.generate(model, List.of(), ledger).orElseThrow();
        DataDictionary generated = DictionaryReader.read(csv.getBytes(StandardCharsets.UTF_8));
        DictionaryAudit.Result audit = DictionaryAudit.audit(generated, model, Optional.empty());
        DictionaryAudit.Result baseline = DictionaryAudit.audit(source, model, Optional.empty());
        return new Outcome(generated, ledger.size(), audit, baseline, CellDifferences.of(source, generated));
    }
}

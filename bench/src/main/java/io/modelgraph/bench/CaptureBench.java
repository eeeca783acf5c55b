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
 * time to parse the CSV alone, and the time of a whole audit (parse, model, compare, conformance) against the model
 * the dictionary imports as, in one run; the ratio audit ÷ parse is the figure (goal ≤ 3). Medians of the runs
 * after warm-up. Usage: {@code CaptureBench <corpus dir> [runs]}.
 */
public final class CaptureBench {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args.length > 0 ? args[0] : "../shared/corpus")
                .resolve("redcap/REDCapR/super-wide-metadata.dictionary.csv");
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        byte[] bytes = Files.readAllBytes(file);
        DataDictionary d = DictionaryReader.read(bytes);
        SchemaModel governed = DictionaryModel.toModel(d, "bench");
        for (int i = 0; i < 5; i++) {
            DictionaryAudit.audit(DictionaryReader.read(bytes), governed, Optional.empty());
        }
        long[] parse = new long[runs];
        long[] audit = new long[runs];
        int findings = 0;
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            DictionaryReader.read(bytes);
            long t1 = System.nanoTime();
            findings = DictionaryAudit.audit(DictionaryReader.read(bytes), governed, Optional.empty()).findings()
                    .size();
            long t2 = System.nanoTime();
            parse[i] = t1 - t0;
            audit[i] = t2 - t1;
        }
        double p = median(parse) / 1e6;
        double a = median(audit) / 1e6;
        System.out.printf("capture bench: %s, %d bytes, %d fields, %d forms, %d findings%n", file.getFileName(),
                bytes.length, d.fields().size(), d.forms().size(), findings);
        System.out.printf("  parse CSV alone  median %.1f ms%n", p);
        System.out.printf("  whole audit      median %.1f ms%n", a);
        System.out.printf("  ratio audit / parse: %.2f (goal <= 3)%n", a / p);
    }

    private static double median(long[] values) {
        long[] s = values.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private CaptureBench() {
    }
}

package io.modelgraph.codec.sql;

import io.modelgraph.codec.CodecOptions;
import io.modelgraph.ledger.LossinessLedger;
import io.modelgraph.schema.SchemaModel;
import java.nio.file.Files;
import java.util.Map;

/** Manual probe: prints every corpus file's decode outcome (run with -Dtest=CorpusProbe -Dcorpus.dir=…). */
class CorpusProbe {
    @org.junit.jupiter.api.Test
    @org.junit.jupiter.api.Tag("conformance")
    void probe() throws Exception {
        var root = SqlCorpus.root().orElseThrow();
        int ok = 0;
        var all = SqlCorpus.samples(root);
        for (var s : all) {
            LossinessLedger ledger = new LossinessLedger();
            try {
                SchemaModel m = new SqlCodec().decode(Files.readString(s.file()), new CodecOptions(
                        s.vendor().map(v -> Map.of("vendor", v)).orElse(Map.of())), ledger);
                ok++;
                System.out.println("OK " + s.where() + " tables=" + m.types().size() + " fks=" + m.relationships().size()
                        + " ledger=" + ledger.size());
                if (System.getProperty("verbose") != null) {
                    ledger.entries().forEach(e -> System.out.println("    " + e));
                }
            } catch (Exception e) {
                System.out.println("FAIL " + s.where() + ": " + e);
            }
        }
        System.out.println("decoded " + ok + "/" + all.size());
    }
}

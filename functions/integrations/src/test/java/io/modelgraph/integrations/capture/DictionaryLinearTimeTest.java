package io.modelgraph.integrations.capture;

import io.modelgraph.codec.LinearTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The REDCap data dictionary CSV, read and modelled, costs linear time on each pathological shape, doubled up to
 * about the request size limit: many rows, one field with many choices, one quoted cell of escaped quotes, one long
 * unquoted line; and audited (against its own model and against itself as the live dictionary): many rows, branching
 * logic nested deep, one calculation of many references.
 */
class DictionaryLinearTimeTest {
    private static void readAndModel(String csv) throws Exception {
        try {
            DictionaryModel.toModel(DictionaryReader.read(csv), "p");
        } catch (DictionaryException refused) {
            // a logical refusal is an answer too: only its time matters here
        }
    }

    @Test
    void manyRows() {
        LinearTime.assertLinear("REDCap rows", 5_000, 3, n -> {
            StringBuilder b = new StringBuilder(Dictionaries.HEADER).append('\n');
            for (int i = 0; i < n; i++) {
                b.append('f').append(i).append(",form").append(i % 50).append(",,text,\"Field ").append(i)
                        .append("\",,,integer,0,100,,,y,,,,,\n");
            }
            return b.toString();
        }, DictionaryLinearTimeTest::readAndModel);
    }

    @Test
    void oneFieldWithManyChoices() {
        LinearTime.assertLinear("REDCap choices", 10_000, 3, n -> {
            StringBuilder choices = new StringBuilder();
            for (int i = 0; i < n; i++) {
                choices.append(i == 0 ? "" : " | ").append(i).append(", Choice ").append(i);
            }
            return Dictionaries.HEADER + "\nrecord_id,f,,text,\"ID\",,,,,,,,,,,,,\nc,f,,radio,\"C\",\"" + choices
                    + "\",,,,,,,,,,,,\n";
        }, DictionaryLinearTimeTest::readAndModel);
    }

    @Test
    void oneQuotedCellOfEscapedQuotes() {
        LinearTime.assertLinear("REDCap escaped quotes", 100_000, 3, n -> Dictionaries.HEADER
                + "\nrecord_id,f,,text,\"" + "\"\"".repeat(n) + "\",,,,,,,,,,,,,\n", DictionaryLinearTimeTest::readAndModel);
    }

    @Test
    void oneLongUnterminatedQuote() {
        LinearTime.assertLinear("REDCap open quote", 100_000, 3, n -> Dictionaries.HEADER
                + "\nrecord_id,f,,text,\"" + "a,\n".repeat(n), DictionaryLinearTimeTest::readAndModel);
    }

    private static void readAndAudit(String csv) throws Exception {
        try {
            DataDictionary d = DictionaryReader.read(csv);
            DictionaryAudit.audit(d, DictionaryModel.toModel(d, "p"), Optional.empty(), Optional.of(d));
        } catch (DictionaryException refused) {
            // only its time matters here
        }
    }

    private static String rows(int n) {
        StringBuilder b = new StringBuilder(Dictionaries.HEADER).append('\n');
        for (int i = 0; i < n; i++) {
            b.append('f').append(i).append(",form").append(i % 50).append(",,radio,\"Field ").append(i)
                    .append("\",\"0, No | 1, Yes\",,,,,,\"[f").append(i / 2).append("] = '1'\",y,,,,,\n");
        }
        return b.toString();
    }

    @Test
    void auditOfManyRows() {
        LinearTime.assertLinear("REDCap audit rows", 2_500, 3, DictionaryLinearTimeTest::rows,
                DictionaryLinearTimeTest::readAndAudit);
    }

    @Test
    void auditOfDeepLogicAndLongCalculations() {
        LinearTime.assertLinear("REDCap nested branching logic", 25_000, 3, n -> rows(2) + "g,form0,,text,G,,,,,,,\""
                + "(".repeat(n) + "[f0] = '1'" + ")".repeat(n) + "\",,,,,,\n", DictionaryLinearTimeTest::readAndAudit);
        LinearTime.assertLinear("REDCap calculation references", 12_500, 3, n -> rows(2) + "g,form0,,calc,G,\""
                + "[f0] + [f1] + [x] + ".repeat(n) + "1\",,,,,,,,,,,,\n", DictionaryLinearTimeTest::readAndAudit);
    }
}

package io.modelgraph.integrations.capture;

import io.modelgraph.codec.LinearTime;
import org.junit.jupiter.api.Test;

/**
 * The REDCap data dictionary CSV, read and modelled, costs linear time on each pathological shape, doubled up to
 * about the request size limit: many rows, one field with many choices, one quoted cell of escaped quotes, one long
 * unquoted line.
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
}

package io.modelgraph.integrations.capture;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.modelgraph.integrations.Connector.ArtifactException;
import io.modelgraph.integrations.Connector.Estate;
import io.modelgraph.schema.SchemaModel;
import java.util.Map;
import java.util.Optional;

/**
 * The fuzz target of the REDCap data dictionary (docs/reliability.md, "Fuzzing"): the bytes a caller sends as the
 * capture artifact are read (charset detection, CSV, header), modelled and audited (choices, branching logic,
 * calculations, against the dictionary's own model and against itself as the previous import), as the capture routes
 * do. Reading may only refuse the file with the row and column; modelling and auditing a dictionary that was read may
 * not fail at all. In the default build the target runs its regression inputs
 * ({@code src/test/resources/io/modelgraph/integrations/capture/DictionaryFuzzTestInputs/dictionary/}); with
 * {@code -Pfuzz} Jazzer mutates them for the bounded time below.
 */
class DictionaryFuzzTest {
    private static final CaptureConnector CAPTURE = new CaptureConnector();

    @FuzzTest(maxDuration = "60s")
    void dictionary(byte[] input) {
        Estate<DataDictionary> estate;
        try {
            estate = CAPTURE.read(Map.of(CaptureConnector.DATA_DICTIONARY, input));
        } catch (ArtifactException refused) {
            return; // the caller's mistake, answered as a 400 naming the row and column
        }
        SchemaModel model = CAPTURE.model(estate, "p");
        CAPTURE.audit(estate, model, Optional.empty(), "p", Optional.empty());
        CAPTURE.audit(estate, model, Optional.of("2026-11-26T12:00Z"), "p", Optional.of(estate));
    }
}

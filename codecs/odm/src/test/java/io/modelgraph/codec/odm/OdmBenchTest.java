package io.modelgraph.codec.odm;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Prints the benchmark figures in the conformance run (the generated model needs no corpus). */
@Tag("conformance")
class OdmBenchTest {
    @Test
    void printsThroughput() throws Exception {
        OdmBench.Figures figures = OdmBench.run(3, 10);
        System.out.println(figures);
        assertTrue(figures.entitiesPerSecond() > 0 && figures.propertiesPerSecond() > 0);
    }
}

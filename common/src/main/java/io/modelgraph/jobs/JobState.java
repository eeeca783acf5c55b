package io.modelgraph.jobs;

/**
 * Where a job is: waiting for its run, running, done with the envelope its request would have answered, or failed:
 * its run died (killed, timed out, out of memory) and wrote nothing that stays (docs/graph.md "Time budget and
 * jobs").
 */
public enum JobState {
    queued, running, done, failed
}

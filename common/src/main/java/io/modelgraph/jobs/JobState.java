package io.modelgraph.jobs;

/** Where a job is: waiting for its run, running, or done with the envelope its request would have answered. */
public enum JobState {
    queued, running, done
}

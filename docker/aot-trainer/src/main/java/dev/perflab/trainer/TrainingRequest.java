package dev.perflab.trainer;

/**
 * One request of the training workload, with the status contract v1 requires for it. A
 * different status fails the training: a cache trained on error pages would profile the wrong
 * code paths.
 */
record TrainingRequest(String method, String path, String contentType, String body, int expectedStatus) {

    static TrainingRequest get(String path, int expectedStatus) {
        return new TrainingRequest("GET", path, null, null, expectedStatus);
    }

    static TrainingRequest post(String path, String contentType, String body, int expectedStatus) {
        return new TrainingRequest("POST", path, contentType, body, expectedStatus);
    }

    @Override
    public String toString() {
        return method + " " + path + (contentType == null ? "" : " (" + contentType + ")");
    }
}

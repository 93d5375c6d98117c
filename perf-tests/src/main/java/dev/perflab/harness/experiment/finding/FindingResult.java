package dev.perflab.harness.experiment.finding;

/**
 * One of the study's findings as the experiment stated it, and what this run measured of it.
 *
 * @param id the finding's id in the experiment file
 * @param claim the study's words, as quoted in the experiment file
 * @param verdict agree, disagree or inconclusive
 * @param figure the measured figure the verdict rests on, in a sentence with its numbers and units
 */
public record FindingResult(String id, String claim, FindingVerdict verdict, String figure) {}

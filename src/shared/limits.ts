/** Business limits shared by the server, the web app and the grading engine (spec section 9). */

/** Largest accepted upload (question paper, model answer, diagram, answer): 500 kB. */
export const MAX_FILE_BYTES = 512_000;

/** Longest accepted name of a person (sign-up, profile, contact form). */
export const MAX_NAME_LENGTH = 100;

/** Shortest accepted password. */
export const MIN_PASSWORD_LENGTH = 6;

/** Total marks of an assignment lie in 0..MAX_TOTAL_MARKS. */
export const MAX_TOTAL_MARKS = 1000;

/** Words of the description shown on a dashboard card before the ellipsis. */
export const CARD_DESCRIPTION_WORDS = 15;

/** Share of a question's marks that the diagram keywords carry unless the teacher sets another. */
export const DEFAULT_DIAGRAM_SHARE = 0.2;

/** Class codes use letters and digits that cannot be mistaken for each other: no 0/O, 1/I/L. */
export const CLASS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 31^7 ≈ 27.5 billion codes: collisions are rare and guessing is hopeless behind the rate limit. */
export const CLASS_CODE_LENGTH = 7;

/** A made-up class code of the real shape, for placeholders and help text. */
export const CLASS_CODE_EXAMPLE = 'K7PQ3XM';

/** Pages a PDF may have (question paper, model answer, answer). */
export const MAX_PDF_PAGES = 50;

/** Pixels (width × height) of one image inside a PDF: 25 megapixels, e.g. 5000 × 5000. */
export const MAX_PDF_IMAGE_PIXELS = 25_000_000;

/** Bytes that a PDF's compressed streams other than images may unpack to: 64 MB. */
export const MAX_PDF_DECODED_BYTES = 64 * 1024 * 1024;

/** Longest answer a teacher can accept as right ("Accept answers like this"), in characters. */
export const MAX_ACCEPTED_ANSWER_LENGTH = 1000;

/**
 * Accepted answers a question keeps at most: each one is another reference every answer is read
 * against, so a long list slows every run and blurs what the question asks.
 */
export const MAX_ACCEPTED_PER_QUESTION = 20;

/**
 * How a question's numbers are marked until the teacher sets otherwise, in percent: the same as
 * the engine's DEFAULT_MATHS_SETTINGS (a test holds them together).
 */
export const DEFAULT_TOLERANCE_PERCENT = 2;
export const DEFAULT_WRONG_UNIT_SHARE_PERCENT = 50;

/** Widest tolerance a teacher can set for a question's numbers, in percent. */
export const MAX_TOLERANCE_PERCENT = 50;

/** Longest corrected reading of one question of an answer, in characters. */
export const MAX_READING_LENGTH = 5000;

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { longDate, toIsoDate } from '../src/web/components/ui/calendar';
import { makePdf } from '../src/server/test/uploads';
import { releaseBrowser, workerBrowser } from './support/browser';
import {
  createByApi,
  dayMonthYear,
  joinByApi,
  originOf,
  pickDeadline,
  scrollsSideways,
  userPage,
} from './support/classroom-pages';
import { card, fact, londonNow, shownIn, violations } from './support/review-screen';

describe('the review screen a teacher can live in', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page; // desktop, Europe/London
  let student: Page; // phone, Asia/Kolkata
  let pdf: Buffer;

  beforeAll(async () => {
    browser = await workerBrowser();
    pdf = await makePdf(['1. Water boils at 100 degrees Celsius at sea level.']);
    ({ page: teacher } = await userPage(browser, baseURL, {
      name: 'Ms Okafor',
      role: 'teacher',
      timezoneId: 'Europe/London',
    }));
    ({ page: student } = await userPage(browser, baseURL, {
      name: 'Kiran Rao',
      role: 'student',
      size: 'phone',
      timezoneId: 'Asia/Kolkata',
    }));
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  it('with nothing yet, each dashboard says what to do next', async () => {
    await teacher.goto('/dashboard');
    const empty = teacher.getByRole('region', { name: messages.noAssignments });
    await empty.getByRole('heading', { name: messages.noAssignments }).waitFor();
    expect(await violations(teacher)).toEqual([]);
    await empty.getByRole('link', { name: 'Create your first assignment' }).click();
    await teacher.waitForURL('**/dashboard/create-assignment');

    await student.goto('/dashboard');
    const none = student.getByRole('region', { name: messages.noAssignments });
    await none.getByText('Join with the class code from your teacher').waitFor();
    expect(await violations(student)).toEqual([]);
    await none.getByRole('link', { name: 'Join Assignment' }).click();
    await student.waitForURL('**/dashboard/join-assignment');
  });

  let code: string;
  let deadline: string;

  it('the teacher sets a deadline at 09:00 in their zone; it is shown with time and zone everywhere, and in the calendar feed', async () => {
    await teacher.goto('/dashboard/create-assignment');
    const time = teacher.getByLabel('Deadline time');
    expect(await time.inputValue()).toBe('23:59');
    // the teacher's own zone to start with, shown and changeable
    expect(await teacher.getByLabel('Time zone').inputValue()).toBe('Europe/London');
    await teacher.getByText('Time in Europe/London.').waitFor();
    await teacher.getByLabel('Title').fill('Before the 9 am class');
    // today is offered, but not at a time already gone (00:00 here; skipped just after midnight,
    // when the machine's day and London's may differ)
    if (Number(londonNow('hour')) >= 2 && londonNow('day') === String(new Date().getDate())) {
      await teacher.getByRole('button', { name: /^Deadline\b/ }).click();
      const calendar = teacher.getByRole('dialog', { name: 'Deadline: choose a date' });
      const today = `${longDate(toIsoDate(new Date()))}, today`;
      await calendar.getByRole('button', { name: today, exact: true }).click();
      await calendar.getByRole('button', { name: 'Apply' }).click();
      await calendar.waitFor({ state: 'hidden' });
      await time.fill('00:00');
      await teacher.getByRole('button', { name: 'Create Assignment' }).click();
      await teacher.getByText(messages.deadlinePast).waitFor();
    }
    const day = await pickDeadline(teacher, { next: 1, day: 15 });
    await time.fill('09:00');
    await teacher.getByLabel('Total marks').fill('10');
    for (const label of ['Question paper (PDF)', 'Model answer (PDF)'])
      await teacher.getByLabel(label).setInputFiles({
        name: 'paper.pdf',
        mimeType: 'application/pdf',
        buffer: pdf,
      });
    expect(await violations(teacher)).toEqual([]);
    await teacher.getByRole('button', { name: 'Create Assignment' }).click();
    await teacher.waitForURL((u) => u.pathname === '/dashboard');

    const list = (await (await teacher.request.get('/api/assignments')).json()) as {
      assignments: { code: string; title: string; deadline: string }[];
    };
    const created = list.assignments.find((a) => a.title === 'Before the 9 am class')!;
    ({ code, deadline } = created);
    // 09:00 on that day in London, whatever the season (GMT or BST)
    expect(shownIn('Europe/London', deadline)).toBe(`${dayMonthYear(day)}, 09:00`);
    const london = `${dayMonthYear(day)}, 09:00 (Europe/London)`;
    await card(teacher, 'Before the 9 am class').getByText(london).waitFor();

    await teacher.goto(`/dashboard/assignment/${code}`);
    expect((await fact(teacher, 'Deadline').innerText()).trim()).toBe(london);
    await teacher.goto(`/dashboard/gradetable/${code}`);
    expect((await fact(teacher, 'Deadline').innerText()).trim()).toBe(london);

    // a student in India sees the same instant in their own time and zone (Chromium reports the
    // zone as Asia/Calcutta; the app names it as people know it)
    await joinByApi(student, baseURL, code);
    const kolkata = `${shownIn('Asia/Kolkata', deadline)} (Asia/Kolkata)`;
    expect(kolkata).not.toContain('09:00');
    await student.goto('/dashboard');
    await card(student, 'Before the 9 am class').getByText(kolkata).waitFor();
    await student.goto(`/dashboard/assignment/${code}`);
    expect((await fact(student, 'Deadline').innerText()).trim()).toBe(kolkata);

    // her calendar link serves the same instant to her phone's calendar
    await student.goto('/dashboard');
    await student.getByRole('button', { name: 'Make a calendar link' }).click();
    const link = await student.getByLabel('Your calendar link').inputValue();
    expect(await violations(student)).toEqual([]);
    const feed = await (await student.request.get(new URL(link).pathname)).text();
    const utc = deadline.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
    expect(feed).toContain(`DTSTART:${utc}`);
  });

  it('the update form shows the time set and saves a new one', async () => {
    await teacher.goto(`/dashboard/assignment/${code}`);
    await teacher.getByRole('button', { name: 'Edit assignment' }).click();
    const time = teacher.getByLabel('Deadline time');
    expect(await time.inputValue()).toBe('09:00');
    await time.fill('08:30');
    await teacher.getByRole('button', { name: 'Update Assignment' }).click();
    await teacher.getByText('The assignment has been updated.').waitFor();
    expect(await fact(teacher, 'Deadline').innerText()).toContain('08:30 (Europe/London)');
    const detail = (await (await teacher.request.get(`/api/assignments/${code}`)).json()) as {
      deadline: string;
    };
    expect(shownIn('Europe/London', detail.deadline)).toBe(
      `${shownIn('Europe/London', deadline).slice(0, 10)}, 08:30`,
    );
  });

  it('the teacher moves it to 18:00 in Tokyo; the student in India sees it in her own time', async () => {
    await teacher.goto(`/dashboard/assignment/${code}`);
    await teacher.getByRole('button', { name: 'Edit assignment' }).click();
    const zone = teacher.getByLabel('Time zone');
    expect(await zone.inputValue()).toBe('Europe/London');
    await zone.fill('Mars/Olympus');
    await teacher.getByRole('button', { name: 'Update Assignment' }).click();
    await teacher.getByText(messages.timeZoneInvalid).waitFor();
    expect(await violations(teacher)).toEqual([]);
    await zone.fill('Asia/Tokyo');
    await teacher.getByLabel('Deadline time').fill('18:00');
    await teacher.getByRole('button', { name: 'Update Assignment' }).click();
    await teacher.getByText('The assignment has been updated.').waitFor();
    const detail = (await (await teacher.request.get(`/api/assignments/${code}`)).json()) as {
      deadline: string;
      deadlineTimeZone: string;
    };
    expect(detail.deadlineTimeZone).toBe('Asia/Tokyo');
    expect(shownIn('Asia/Tokyo', detail.deadline)).toMatch(/, 18:00$/);
    const london = `${shownIn('Europe/London', detail.deadline)} (Europe/London)`;
    expect((await fact(teacher, 'Deadline').innerText()).trim()).toBe(london);
    await student.goto(`/dashboard/assignment/${code}`);
    const kolkata = `${shownIn('Asia/Kolkata', detail.deadline)} (Asia/Kolkata)`;
    expect(kolkata).toMatch(/, 14:30 \(Asia\/Kolkata\)$/);
    expect((await fact(student, 'Deadline').innerText()).trim()).toBe(kolkata);
  });

  it('the joined student opens the question paper; only the teacher has the model answer', async () => {
    await student.goto(`/dashboard/assignment/${code}`);
    const paper = student.getByRole('link', { name: 'Download Question Paper' });
    const href = (await paper.getAttribute('href'))!;
    expect(href).toBe(`/api/assignments/${code}/files/question-paper`);
    const res = await student.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    expect(await student.getByRole('link', { name: /Model Answer/ }).count()).toBe(0);
    expect(await scrollsSideways(student)).toBe(false);

    await teacher.goto(`/dashboard/assignment/${code}`);
    await teacher.getByRole('link', { name: 'Download Question Paper' }).waitFor();
    const model = teacher.getByRole('link', { name: 'Open Model Answer' });
    const modelHref = (await model.getAttribute('href'))!;
    expect(modelHref).toBe(`/api/assignments/${code}/files/model-answer`);
    expect(await model.getAttribute('target')).toBe('_blank');
    expect((await teacher.request.get(modelHref)).status()).toBe(200);
    expect((await student.request.get(modelHref)).status()).toBe(403);
  });

  it('with no answers yet, the assignment and grades pages say to share the class code', async () => {
    const fresh = await createByApi(teacher, baseURL, {
      title: 'Nobody yet',
      questionPaper: pdf,
      modelAnswer: pdf,
    });
    await teacher.goto(`/dashboard/assignment/${fresh}`);
    await teacher.getByText(`No student has joined yet. Share the class code ${fresh}`).waitFor();
    await teacher.goto(`/dashboard/gradetable/${fresh}`);
    await teacher.getByText(messages.noSubmissions).waitFor();
    await teacher.getByText(`No student has joined yet. Share the class code ${fresh}`).waitFor();
    expect(await violations(teacher)).toEqual([]);

    // the joined student, before handing in, is sent to the assignment page
    await student.goto(`/dashboard/gradetable/${code}`);
    await student.getByText(messages.noSubmissions).waitFor();
    await student.getByRole('link', { name: 'the assignment page' }).click();
    await student.waitForURL(`**/dashboard/assignment/${code}`);
  });

  it("the student's cards say Not handed in, Handed in, then Marks published once published", async () => {
    const titles = ['Marked, not published', 'Published'];
    const codes: string[] = [];
    for (const title of titles) {
      const c = await createByApi(teacher, baseURL, {
        title,
        questionPaper: pdf,
        modelAnswer: pdf,
      });
      await joinByApi(student, baseURL, c, pdf);
      const { submissions } = (await (
        await teacher.request.get(`/api/assignments/${c}/submissions`)
      ).json()) as { submissions: { id: string }[] };
      const marked = await teacher.request.put(
        `/api/assignments/${c}/submissions/${submissions[0]!.id}/marks`,
        { headers: originOf(baseURL), data: { marks: 6 } },
      );
      expect(marked.status()).toBe(200);
      codes.push(c);
    }
    // seen once before publishing: the list the server keeps must not outlive the publication
    await student.goto('/dashboard');
    await card(student, titles[1]!).getByText('Handed in', { exact: true }).waitFor();
    expect(await card(student, titles[1]!).getByText('Marks published').count()).toBe(0);
    const published = await teacher.request.post(`/api/assignments/${codes[1]}/publish`, {
      headers: originOf(baseURL),
      data: {},
    });
    expect(published.status()).toBe(200);

    await student.goto('/dashboard');
    const open = card(student, 'Before the 9 am class');
    await open.getByText('Not handed in').waitFor();
    const marked = card(student, titles[0]!);
    await marked.getByText('Handed in', { exact: true }).waitFor();
    // marked by the teacher, but nothing about marks until they are published
    expect(await marked.getByText(/marks/i).count()).toBe(0);
    const done = card(student, titles[1]!);
    await done.getByText('Marks published').waitFor();
    await done.getByText('Handed in', { exact: true }).waitFor();
    expect(await scrollsSideways(student)).toBe(false);
    expect(await violations(student)).toEqual([]);

    // the teacher's own cards carry no such badges
    await teacher.goto('/dashboard');
    await card(teacher, 'Published').waitFor();
    expect(await teacher.getByText('Handed in', { exact: true }).count()).toBe(0);
  });

  it('on a desktop the answer PDF opens at page width without thumbnails and takes most of the panel', async () => {
    const c = await createByApi(teacher, baseURL, {
      title: 'Panel width',
      questionPaper: pdf,
      modelAnswer: pdf,
    });
    await joinByApi(student, baseURL, c, pdf);
    await teacher.goto(`/dashboard/gradetable/${c}`);
    await teacher.getByRole('button', { name: 'Details for Kiran Rao' }).click();
    const panel = teacher.getByRole('dialog', { name: 'Answer details' });
    const frame = panel.locator('iframe[title="Answer PDF of Kiran Rao"]');
    expect(await frame.getAttribute('src')).toMatch(/\/file#view=FitH&navpanes=0&pagemode=none$/);
    const [pdfBox, textBox] = await Promise.all([
      frame.boundingBox(),
      panel.getByRole('heading', { name: 'Answer details' }).boundingBox(),
    ]);
    // at 1280 px the PDF gets 3/5 of the panel (it had 1/2, about 540 px)
    expect(pdfBox!.width).toBeGreaterThanOrEqual(640);
    expect(pdfBox!.x).toBeGreaterThan(textBox!.x + 380);

    // Chromium's viewer took the fragment: its thumbnail strip is collapsed
    await expect
      .poll(async () => {
        const viewer = teacher.frames().find((f) => f.url().startsWith('chrome-extension://'));
        if (!viewer) return null;
        return viewer.evaluate(() => {
          const find = (root: Document | ShadowRoot): Element | null => {
            const hit = root.querySelector('#sidenav-container');
            if (hit) return hit;
            for (const el of root.querySelectorAll('*'))
              if (el.shadowRoot) {
                const inner = find(el.shadowRoot);
                if (inner) return inner;
              }
            return null;
          };
          const nav = find(document);
          return nav ? Math.round(nav.getBoundingClientRect().width) : null;
        });
      })
      .toBeLessThan(10);
    await teacher.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // on a phone the PDF is one press away and takes the whole width (drawn by pdf.js: a phone's
    // browser shows no PDF in a frame); see review-layout.e2e.ts
    const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    await phone.addCookies(await teacher.context().cookies());
    const small = await phone.newPage();
    await small.goto(`/dashboard/gradetable/${c}`);
    await small.getByRole('button', { name: 'Details for Kiran Rao' }).click();
    await small.getByRole('button', { name: 'Answer PDF' }).click();
    const page1 = small.getByRole('img', { name: "Page 1 of 1, Kiran Rao's answer" });
    await small.locator('canvas[data-drawn]').waitFor();
    expect((await page1.boundingBox())!.width).toBeGreaterThanOrEqual(300);
    expect(await scrollsSideways(small)).toBe(false);
    await phone.close();
  });
});

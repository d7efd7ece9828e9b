import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const base = 'http://127.0.0.1:3998';
const views = JSON.parse(process.argv[2]);
for (const [w, h] of [[1366, 900], [390, 844]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(base + '/');
  await page.getByLabel('Email', { exact: true }).fill('admin@avalia.com.br');
  await page.getByLabel('Senha', { exact: true }).fill('avalia123');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(/home/);
  for (const { id, tab, titles } of views) {
    await page.goto(`${base}/dash/${id}`);
    await page.getByRole('button', { name: 'Filtros', exact: true }).waitFor();
    await page.waitForTimeout(1500);
    await page.getByRole('button', { name: 'Filtros', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filtros' });
    await dialog.waitFor();
    for (const [label, pick] of [['Empresa', 1], ['Ciclo', 0]]) {
      const box = dialog.getByRole('combobox', { name: label, exact: true });
      if (!(await box.isEnabled())) continue;
      await box.click();
      await page.getByRole('option').nth(0).waitFor();
      console.log(label, await page.getByRole('option').allInnerTexts());
      await page.getByRole('option').nth(pick).click();
      await page.waitForTimeout(500);
    }
    await dialog.getByRole('combobox', { name: 'Comparar com', exact: true }).click();
    await page.getByRole('option').nth(0).waitFor();
    const options = await page.getByRole('option').allInnerTexts();
    console.log(id, 'compare options', options);
    await page.getByRole('option').filter({ hasText: '/' }).first().click();
    await page.waitForTimeout(300);
    await dialog.getByRole('button', { name: 'Fechar', exact: true }).filter({ hasText: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });
    if (tab) await page.getByRole('tab', { name: tab }).click();
    for (const title of titles) {
      const heading = page.getByRole('heading', { name: title }).first();
      await heading.waitFor();
      await heading.scrollIntoViewIfNeeded();
      await page.waitForTimeout(1500);
      const paper = heading.locator('xpath=ancestor::div[contains(@class,"MuiPaper-root")][1]');
      await paper.screenshot({ path: `/tmp/s26-${id}-${title.slice(0, 12).replace(/[^A-Za-z]/g, '_')}-${w}.png` });
    }
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    console.log(id, w, 'sideways scroll', sideways);
  }
  await page.close();
}
await browser.close();

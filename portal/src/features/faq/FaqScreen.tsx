import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Body1,
  Subtitle2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { PageHeader } from '../../components/PageHeader';
import { RouterLink } from '../../components/RouterLink';
import { useServices } from '../../core/services';
import { faqSections } from './faq-content';

const useStyles = makeStyles({
  entry: { marginBottom: tokens.spacingVerticalM },
  question: { display: 'block', marginBottom: tokens.spacingVerticalXS },
});

/** The FAQ (docs/product.md#faq): accordion, one section open at a time, collapsible. */
export function FaqScreen() {
  const styles = useStyles();
  const { config } = useServices();
  return (
    <>
      <PageHeader title="Frequently Asked Questions" />
      <Accordion collapsible>
        {faqSections(config).map((section) => (
          <AccordionItem key={section.id} value={section.id}>
            <AccordionHeader as="h2">{section.title}</AccordionHeader>
            <AccordionPanel>
              {section.entries.map((entry) => (
                <div key={entry.question} className={styles.entry}>
                  <Subtitle2 as="h3" className={styles.question}>
                    {entry.question}
                  </Subtitle2>
                  <Body1>
                    {entry.answer}
                    {entry.link ? (
                      <>
                        {' '}
                        <RouterLink to={entry.link.to}>{entry.link.label}</RouterLink>
                      </>
                    ) : null}
                  </Body1>
                </div>
              ))}
            </AccordionPanel>
          </AccordionItem>
        ))}
      </Accordion>
    </>
  );
}

import { useId, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { LayoutNode, RepeatNode, SectionNode, TabsNode, ToggleNode, Widget } from '../../engine/definition/dashboard';
import { repeatBlocks, sectionTitle } from '../../engine/charts/rows';
import type { LayoutContext } from './types';
import { WidgetCard } from './WidgetCard';


interface NodeProps<N> {
  node: N;
  view: LayoutContext;
  /** Heading level of the node's titles. */
  level: number;
}

/** Every layout node that holds other nodes. */
type ContainerNode = Exclude<LayoutNode, Widget>;

/** Nodes one under the other, spaced. */
export const FLOW = { display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' } as const;

/**
 * Tabs with accessible tab panels; only the chosen tab's content is drawn, so switching tab resets the
 * toggles inside it.
 */
function TabsView({ node, view, level }: NodeProps<TabsNode>) {
  const [index, setIndex] = useState(0);
  const id = useId();
  const tab = node.tabs[index];
  return (
    <Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        {/* The brand yellow is too faint for text on white: the selected tab takes the dark colour. */}
        <Tabs
          value={index}
          onChange={(_event, value: number) => setIndex(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          textColor="secondary"
          indicatorColor="secondary"
        >
          {node.tabs.map((item, position) => (
            // A long name breaks into two lines, so that every tab of a view (six on the HR map) is in sight on a desktop.
            <Tab key={position} label={item.label} id={`${id}-tab-${position}`} aria-controls={`${id}-panel-${position}`} sx={{ maxWidth: 190, lineHeight: 1.3 }} />
          ))}
        </Tabs>
      </Box>
      {tab && (
        <Box role="tabpanel" key={index} id={`${id}-panel-${index}`} aria-labelledby={`${id}-tab-${index}`} sx={FLOW}>
          <LayoutNodes nodes={tab.content} view={view} level={level} />
        </Box>
      )}
    </Box>
  );
}

/** Alternative contents: one 'Mudar Gráfico' button moving to the next, or one pressed button per option. */
function ToggleView({ node, view, level }: NodeProps<ToggleNode>) {
  const [index, setIndex] = useState(0);
  const option = node.options[index];
  const next = (index + 1) % Math.max(node.options.length, 1);
  return (
    <Box>
      <Box sx={{ mb: 2 }}>
        {node.style === 'cycle' ? (
          <Button variant="outlined" color="secondary" onClick={() => setIndex(next)}>
            {node.label ?? node.options[next]?.label}
          </Button>
        ) : (
          <ToggleButtonGroup
            exclusive
            color="secondary"
            size="small"
            value={index}
            onChange={(_event, value: number | null) => value !== null && setIndex(value)}
            aria-label={node.label}
          >
            {node.options.map((item, position) => (
              <ToggleButton key={position} value={position}>
                {item.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
      </Box>
      {option && (
        <Box key={index} sx={FLOW}>
          <LayoutNodes nodes={option.content} view={view} level={level} />
        </Box>
      )}
    </Box>
  );
}

/** A titled group laid out in up to `columns` columns on wide screens. */
function SectionView({ node, view, level }: NodeProps<SectionNode>) {
  const columns = Math.max(node.columns ?? 1, 1);
  const inner = node.title ? level + 1 : level;
  return (
    <Box component="section">
      {node.title && (
        <Typography component={`h${Math.min(level, 6)}` as 'h2'} variant="h5" sx={{ mb: 1.5 }}>
          {sectionTitle(node.title, node.subject, view.people)}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `repeat(${columns}, minmax(0, 1fr))` } }}>
        <LayoutNodes nodes={node.content} view={view} level={inner} />
      </Box>
    </Box>
  );
}

/**
 * The content once per distinct `key` value of a dataset (a block per person of the consolidated
 * scanner), titled by the `title` field of the value's first row; inside, every widget's rows are
 * narrowed to that value.
 */
function RepeatView({ node, view, level }: NodeProps<RepeatNode>) {
  const rows = view.data.datasets[node.dataset]?.rows ?? [];
  return (
    <>
      {repeatBlocks(rows, node.key, node.title).map(({ title, narrow }, index) => {
        const inner: LayoutContext = { ...view, narrow: [...view.narrow, narrow], block: title || undefined };
        return (
          <Box component="section" key={index} aria-label={title || undefined}>
            {title && (
              <Typography component={`h${Math.min(level, 6)}` as 'h2'} variant="h5" sx={{ mb: 1.5 }}>
                {title}
              </Typography>
            )}
            <Box sx={FLOW}>
              <LayoutNodes nodes={node.content} view={inner} level={title ? level + 1 : level} />
            </Box>
          </Box>
        );
      })}
    </>
  );
}

/** The layout's container components by kind (exhaustive); widgets are drawn by `WidgetCard`. */
const containers: { [K in ContainerNode['kind']]: ComponentType<NodeProps<Extract<ContainerNode, { kind: K }>>> } = {
  tabs: TabsView,
  toggle: ToggleView,
  section: SectionView,
  repeat: RepeatView,
};

function isContainer(node: LayoutNode): node is ContainerNode {
  return Object.hasOwn(containers, node.kind);
}

/** Draws layout nodes in order: containers by kind, widgets in cards. */
export function LayoutNodes({ nodes, view, level }: { nodes: LayoutNode[]; view: LayoutContext; level: number }) {
  return (
    <>
      {nodes.map((node, index) => {
        if (!isContainer(node)) {
          return <WidgetCard key={index} widget={node} view={view} level={level} />;
        }
        // The table pairs each kind with its props; TypeScript cannot correlate the union here.
        const Container = containers[node.kind] as ComponentType<NodeProps<ContainerNode>>;
        return <Container key={index} node={node} view={view} level={level} />;
      })}
    </>
  );
}
